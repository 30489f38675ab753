// Refuses commit subjects (a message's first line) longer than 72 characters, the
// width `git log --oneline` and most tools show without cutting.
//
//   node scripts/check-commit-subjects.mjs                  the commits after BASELINE
//   node scripts/check-commit-subjects.mjs --message-file F  one message (the commit-msg hook)
//
// Exits 1 and names each subject that is too long. Outside a git checkout (a tarball)
// there is nothing to check, and it says so and exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const MAX_LENGTH = 72;

// HEAD when this check was added. Older history has subjects longer than 72
// characters; rewriting it would change every commit id, so only later commits count.
const BASELINE = '3b4f71a73cac863336a18e75c366a9c78cf7d9e0';

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

// Characters as people count them, so an accent or an emoji counts once.
const length = (subject) => [...subject].length;

// The subject of a message as git will store it: comment lines (which git strips)
// and blank lines before the first line of text are left out.
function subjectOf(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  return (lines.find((line) => line.trim() !== '') ?? '').trimEnd();
}

function tooLong(subject) {
  return length(subject) > MAX_LENGTH;
}

function report(problems) {
  for (const { commit, subject } of problems) {
    const where = commit ? `${commit.slice(0, 7)}: ` : '';
    console.error(`${where}${length(subject)} characters: ${subject}`);
  }
  console.error(
    `commit subjects: at most ${MAX_LENGTH} characters; say the rest in the body, ` +
      'after a blank line.',
  );
  process.exit(1);
}

const fileFlag = process.argv.indexOf('--message-file');
if (fileFlag !== -1) {
  const subject = subjectOf(fs.readFileSync(process.argv[fileFlag + 1], 'utf8'));
  if (tooLong(subject)) report([{ subject }]);
  process.exit(0);
}

if (git('rev-parse', '--is-inside-work-tree')?.trim() !== 'true') {
  console.log('commit subjects: not a git checkout; nothing to check');
  process.exit(0);
}

// A shallow clone may not reach the baseline: then only the commits it holds are
// checked, which in CI is the newest one, the one being tested.
const hasBaseline = git('cat-file', '-e', `${BASELINE}^{commit}`) !== undefined;
const range = hasBaseline ? [`${BASELINE}..HEAD`] : ['-1', 'HEAD'];
const log = git('log', '--no-merges', '--format=%H%x00%s', ...range);
if (log === undefined) {
  console.error('commit subjects: git log failed');
  process.exit(1);
}

const commits = log
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [commit, subject] = line.split('\0');
    return { commit, subject };
  });
const problems = commits.filter(({ subject }) => tooLong(subject));
if (problems.length > 0) report(problems);
const checked = hasBaseline ? `since ${BASELINE.slice(0, 7)}` : 'at HEAD (shallow clone)';
console.log(
  `commit subjects: ${commits.length} commit(s) ${checked}, none over ${MAX_LENGTH} characters`,
);

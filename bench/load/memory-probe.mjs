// Preloaded into the server process by `npm run load` (NODE_OPTIONS="--expose-gc --import
// ..."). Once a second it writes process.memoryUsage() to LOAD_MEMORY_FILE, so the load
// script can follow the V8 heap as well as the RSS it reads from /proc. On SIGUSR2 it runs
// a full garbage collection first and appends that reading to LOAD_MEMORY_FILE.gc: the
// memory still in use, comparable between two moments whatever the collector was doing.
// Files are written whole (temporary file, then rename), so a reader never sees half a
// line. The timer never keeps the process up.
import fs from 'node:fs';

const file = process.env.LOAD_MEMORY_FILE;
if (file) {
  const write = (target, reading) => {
    try {
      fs.writeFileSync(`${target}.tmp`, JSON.stringify(reading));
      fs.renameSync(`${target}.tmp`, target);
    } catch {
      // the load script removed the directory on its way out
    }
  };
  const timer = setInterval(() => write(file, { at: Date.now(), ...process.memoryUsage() }), 1000);
  timer.unref();
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    write(`${file}.gc`, { at: Date.now(), ...process.memoryUsage() });
  });
}

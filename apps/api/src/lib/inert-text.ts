/**
 * Text that someone typed, made safe to put in an email to someone else: mail apps turn
 * anything that looks like a web address or an email address into a link, so a buyer's
 * "meeting place" could put a phishing link in a seller's mailbox under our name. Such
 * words are "defanged" as security teams write them (example[.]com, hxxps[:]//), which
 * people can still read and no mail app links.
 */
export function inertText(text: string): string {
  return text.replace(/\S+/g, (word) => {
    const looksLikeLink =
      /[a-z][a-z0-9+.-]*:\/\//i.test(word) ||
      /^(mailto|tel|sms|javascript|data):/i.test(word) ||
      /[\w-]\.[a-z]{2,}/i.test(word) ||
      /\S@\S/.test(word);
    if (!looksLikeLink) return word;
    return word
      .replace(/^(\w+):/, '$1[:]')
      .replaceAll('.', '[.]')
      .replaceAll('@', '[at]');
  });
}

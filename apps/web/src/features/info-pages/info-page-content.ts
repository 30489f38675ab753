/** A paragraph, or a list of short points. */
export type InfoBlock = string | { list: string[] };

/**
 * The text of one of the footer's pages (FAQ, Privacy, Terms): a title, an
 * introduction and sections, each with its own anchor so a link can point at it.
 */
export type InfoPageContent = {
  title: string;
  /** One line under the title: what the page is for. */
  lead: string;
  sections: { id: string; heading: string; body: InfoBlock[] }[];
};

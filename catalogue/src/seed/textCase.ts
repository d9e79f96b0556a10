/**
 * Raises the first letter of a phrase, for phrases that start a title or a sentence.
 */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

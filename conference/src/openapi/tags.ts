/**
 * The tags of the document, which group its operations, with what each group is about. A
 * REST resource's tag is its noun (`Speaker` for `/v1/speaker` and `/v2/speaker`); an
 * operation whose tag is not here stops the document from being built.
 */
export const TAGS: Readonly<Record<string, string>> = {
  Root: 'The API root, where a client starts: links to every collection (as URI templates where the client fills in a page or an id), the time zone action, the token endpoint and this document. One root per version; `/` is the default version’s, or the one a vendor media type asks for. A browser gets the HAL explorer there instead.',
  Speaker:
    'The speakers of the conference. Version 1 has the Twitter handle as a `twitter` field; version 2 makes it a `twitter` link and counts the talks in `talk_count`. Every speaker links to each of their talks in `_links.talks`, wherever it appears.',
  Talk: 'The talks of the conference. Every talk links to each of its speakers in `_links.speakers`, wherever it appears.',
  'Time zone': 'The server’s time zone, and a check of time zone names.',
  OAuth2:
    'The token endpoint: an OAuth2 client trades a user’s password, its own secret or a refresh token for a bearer token.',
  Description: 'This document.',
};

/** The title and abstract of a keynote, the single-track talk that opens each day. */
export interface Keynote {
  /** The keynote's title. */
  readonly title: string;
  /** The keynote's abstract. */
  readonly abstract: string;
}

/** One keynote per conference day, in day order. */
export const KEYNOTES: readonly Keynote[] = [
  {
    title: 'Opening keynote: the web is still the platform',
    abstract:
      'Thirty-odd years after the first web page, the humble link still outperforms most of what replaced it. ' +
      'This keynote looks at why URLs, HTTP methods and HTML forms have outlived so many frameworks. ' +
      'It ends with a challenge for the week: build something that a browser could use without any JavaScript at all.',
  },
  {
    title: 'Keynote: links all the way down',
    abstract:
      'An API without links is a database with extra steps. ' +
      'This keynote follows a single request through a hypermedia API, from the home document to a completed form submission. ' +
      'Along the way it asks what clients really need to know in advance, and what they could simply discover.',
  },
  {
    title: 'Keynote: software that outlives its authors',
    abstract:
      'Most code is read by people who never met the person who wrote it. ' +
      'This keynote collects habits that make systems understandable a decade later: boring dependencies, explicit data, and tests that explain intent. ' +
      'Expect stories from a municipal archive, a seed bank and a railway that still runs on a forty-year-old timetable format. ' +
      'You will leave with a short list of decisions worth writing down today.',
  },
  {
    title: 'Closing keynote: what we got wrong about REST',
    abstract:
      'REST has been explained, misunderstood and rebranded many times since it was first described. ' +
      'This keynote separates the constraints that matter from the folklore that grew around them. ' +
      'It closes the conference with a look at what the next ten years of web APIs might borrow from the last thirty.',
  },
];

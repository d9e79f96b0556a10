/**
 * The conference API built with Hyperpipe over the seeded catalogue.
 *
 * @packageDocumentation
 */

export { type ConferenceAppOptions, createConferenceApp } from './createConferenceApp.ts';
export { Catalogue } from './database/Catalogue.ts';

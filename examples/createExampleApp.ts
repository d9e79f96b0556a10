import { type Application, createApplication } from 'hyperpipe';
import { createApiApp } from './api/createApiApp.ts';
import { createBlogApp } from './blog/createBlogApp.ts';
import { createHelloApp } from './hello/createHelloApp.ts';
import { createUsersApp } from './users/createUsersApp.ts';

/**
 * The examples in one parent application: the blog under `/blog`, the configured API
 * under `/api`, the code-driven hello application, and the hypermedia users API
 * (`/api/user`, `/v1/api/user`, `/v2/api/user`). Each passes on what it does not answer.
 */
export async function createExampleApp(): Promise<Application> {
  const parent = createApplication();
  parent.pipe('/blog', createBlogApp());
  parent.pipe('/api', await createApiApp());
  parent.pipe(createHelloApp());
  parent.pipe(createUsersApp());
  return parent;
}

import { type Application, createApplication } from 'hyperpipe';
import { createApiApp } from './api/createApiApp.ts';
import { createBlogApp } from './blog/createBlogApp.ts';
import { createHelloApp } from './hello/createHelloApp.ts';

/**
 * The examples in one parent application: the blog under `/blog`, the configured API
 * under `/api`, and the code-driven hello application for everything else.
 */
export async function createExampleApp(): Promise<Application> {
  const parent = createApplication();
  parent.pipe('/blog', createBlogApp());
  parent.pipe('/api', await createApiApp());
  parent.pipe(createHelloApp());
  return parent;
}

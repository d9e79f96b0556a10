import { type Application, createApplication, json } from 'hyperpipe';

interface Post {
  slug: string;
  title: string;
}

const POSTS: readonly Post[] = [
  { slug: 'hello-pipeline', title: 'Hello, pipeline' },
  { slug: 'routes-as-data', title: 'Routes as data' },
];

/**
 * A small blog, written to be mounted under a prefix such as `/blog`. Its routes say `/`
 * and `/{slug}`: the parent strips the prefix, so the blog never needs to know where it lives.
 */
export function createBlogApp(): Application {
  const blog = createApplication();

  blog.get('/', (request, response) =>
    json(
      POSTS.map((post) => ({
        ...post,
        href: `${request.basePath}${blog.generateUri('post', { slug: post.slug })}`,
      })),
      response,
    ),
  );

  blog.get(
    '/{slug}',
    (request, response, next) => {
      const post = POSTS.find((candidate) => candidate.slug === request.param('slug'));
      // Unknown slugs go on to the parent, which answers 404.
      return post ? json(post, response) : next();
    },
    'post',
  );

  return blog;
}

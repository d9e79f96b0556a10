/**
 * What the documentation site needs beyond typedoc's options: the guides in `docs/` keep
 * working as plain Markdown on GitHub, and read the same in the site.
 *
 * - A guide is named after its first heading and listed under "Guides", so the Markdown
 *   needs no front matter.
 * - A guide's link into the repository goes, in the site, to the API page of the symbol
 *   the linked file is named after (`../framework/src/server/serve.ts` → `serve`), and
 *   otherwise to the file in the checkout, as the "Defined in" source links do. Without
 *   this, typedoc would copy each linked source file next to the pages and refuse links
 *   to folders.
 * - A guide may give a section an anchor of its own (`<a id="hal"></a>`, lowercase words and
 *   hyphens) where typedoc and GitHub spell a heading's anchor differently (a heading with
 *   code in it): links from the reference use it, and typedoc's check of anchors counts it.
 * - The search weighs a word in a guide's headings above the same word in its text, as
 *   a reader would: "ETag" finds the guide with a section on conditional requests before
 *   the benchmarks page, whose tables say "ETag" as often.
 * - The entry points after `framework/src/index.ts` are the package's subpaths
 *   (`hyperpipe/hal`, …), then files that give pages to classes the guides are built around
 *   that no entry point exports (`MiddlewarePipe`, `RoutingMiddleware`, …). Their modules
 *   join the project, so the reference stays one list by concept and every page keeps its
 *   address (`classes/HalResource.html`, not one under a module per file).
 */
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import {
  type Application,
  type CommentDisplayPart,
  Converter,
  type DocumentReflection,
  IndexEvent,
  normalizePath,
  type ProjectReflection,
  type Reflection,
  ReflectionKind,
  Renderer,
} from 'typedoc';

/** Registers the adjustments with typedoc; typedoc calls it for a `plugin` entry. */
export function load(app: Application): void {
  // Before typedoc's own resolving, which groups and categorises the project's children.
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => joinEntryModules(context.project),
    1e5,
  );
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document: DocumentReflection) => {
    nameAfterFirstHeading(document);
    document.frontmatter.category ??= 'Guides';
  });
  app.renderer.on(IndexEvent.PREPARE_INDEX, searchHeadings);
  // Before typedoc checks the anchors of the links it rendered, at the end as well.
  app.renderer.on(Renderer.EVENT_END, (event) => countExplicitAnchors(app, event.project), 100);
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const out = resolve(app.options.getValue('out'));
    linkIntoRepository(context.project, resolve(app.options.getValue('readme'), '..'), out);
  });
}

function joinEntryModules(project: ProjectReflection): void {
  const modules = (project.children ?? []).filter((child) => child.kindOf(ReflectionKind.Module));
  for (const module of modules) {
    // The root module's @packageDocumentation describes the whole reference.
    project.comment ??= module.comment;
    project.mergeReflections(module, project);
  }
  // A symbol two entry points export (`ErrorLogger`) would be listed twice: once as itself,
  // once as a "re-export" of itself.
  for (const child of [...(project.children ?? [])]) {
    if (child.isReference() && child.tryGetTargetReflectionDeep()?.parent === project) {
      project.removeReflection(child);
    }
  }
}

function countExplicitAnchors(app: Application, project: ProjectReflection): void {
  for (const document of project.documents ?? []) {
    const slugger = app.renderer.router?.getSlugger(document);
    const markdown = document.content.map((part) => part.text).join('');
    for (const [, id] of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) {
      if (id !== undefined && !slugger?.hasAnchor(id)) slugger?.slug(id);
    }
  }
}

function nameAfterFirstHeading(document: DocumentReflection): void {
  const first = document.content.find((part) => part.kind === 'text');
  const heading = first && /^# (.+)$/m.exec(first.text)?.[1];
  if (heading !== undefined) document.name = heading.trim();
}

/**
 * What a word in a guide's heading weighs: twice a symbol's name (10), since a heading
 * names a section and lunr weighs a field down by its length, and a long guide has many
 * headings; a word in a guide's text or a comment weighs 1.
 */
const HEADING_WEIGHT = 20;

/** Gives each guide a search field of its headings' words, weighed {@link HEADING_WEIGHT}. */
function searchHeadings(event: IndexEvent): void {
  event.searchFieldWeights.headings = HEADING_WEIGHT;
  for (const [index, result] of event.searchResults.entries()) {
    if (!result.isDocument()) continue;
    // Code blocks left out: a shell comment (`# creates the database`) is no heading.
    const text = result.content
      .map((part: CommentDisplayPart) => (part.text.startsWith('```') ? '' : part.text))
      .join('');
    const headings = [...text.matchAll(/^#{1,6} +(.+)$/gm)].map((match) => match[1]);
    event.searchFields[index] = { ...event.searchFields[index], headings: headings.join('\n') };
  }
}

function linkIntoRepository(project: ProjectReflection, docsDir: string, out: string): void {
  const symbols = symbolsByFile(project);
  const rewrite = (parts: CommentDisplayPart[], pageDir: string) =>
    parts.map((part) => {
      if (part.kind !== 'relative-link' || typeof part.target !== 'number') return part;
      const file = project.files.resolvePath(part.target);
      if (file === undefined || file.startsWith(docsDir + sep)) return part;
      const symbol = symbols.get(file);
      if (symbol !== undefined) {
        project.files.registerReflectionPath(normalizePath(file), symbol);
        return part;
      }
      // The link becomes plain text; tying the path to the project keeps typedoc from
      // copying the file into the site or refusing it for being a folder.
      project.files.registerReflectionPath(normalizePath(file), project);
      const anchor = part.targetAnchor === undefined ? '' : `#${part.targetAnchor}`;
      const text = relative(pageDir, file).split(sep).join('/') + anchor;
      return { kind: 'text', text } satisfies CommentDisplayPart;
    });

  if (project.readme) project.readme = rewrite(project.readme, out);
  for (const document of project.documents ?? []) {
    document.content = rewrite(document.content, join(out, 'documents'));
  }
}

/** Each source file that defines a public symbol of its own name (`Route.ts` → `Route`). */
function symbolsByFile(project: ProjectReflection): Map<string, Reflection> {
  const symbols = new Map<string, Reflection>();
  for (const child of project.children ?? []) {
    const file = child.sources?.[0]?.fullFileName;
    if (file === undefined) continue;
    if (basename(file, extname(file)).toLowerCase() === child.name.toLowerCase()) {
      symbols.set(resolve(file), child);
    }
  }
  return symbols;
}

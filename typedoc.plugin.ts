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
 */
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import {
  type Application,
  type CommentDisplayPart,
  Converter,
  type DocumentReflection,
  normalizePath,
  type ProjectReflection,
  type Reflection,
} from 'typedoc';

/** Registers the two adjustments with typedoc; typedoc calls it for a `plugin` entry. */
export function load(app: Application): void {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document: DocumentReflection) => {
    nameAfterFirstHeading(document);
    document.frontmatter.category ??= 'Guides';
  });
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const out = resolve(app.options.getValue('out'));
    linkIntoRepository(context.project, resolve(app.options.getValue('readme'), '..'), out);
  });
}

function nameAfterFirstHeading(document: DocumentReflection): void {
  const first = document.content.find((part) => part.kind === 'text');
  const heading = first && /^# (.+)$/m.exec(first.text)?.[1];
  if (heading !== undefined) document.name = heading.trim();
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

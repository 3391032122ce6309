import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { connectSources, contentSecurityPolicy } from './security-headers.js';

/**
 * What the server writes into the client's page for one address before any script runs (issue 22, speed): the
 * answers the page would ask for first, and the page's first screen as plain HTML. Built by a context (the live auction
 * page: `auctions/http/live-first-screen.ts`) from answers of the API's own routes, so the same guards decide.
 */
export interface FirstScreen {
  /** Answers handed to the client's first GETs (`apps/web/src/api/early-gets.ts` reads them), by name. */
  readonly answers: Readonly<Record<string, { readonly url: string; readonly status: number; readonly body: string }>>;
  /** The first screen: static HTML shown under the header bar until the client has drawn its own. */
  readonly html: string;
  /** The page's language (`<html lang>`). */
  readonly language: string;
  /**
   * Images of the first screen to fetch before the scripts (`<link rel="preload">` at the top of the head): over
   * HTTP/1.1 the browser's six connections would otherwise carry the entry's script files first.
   */
  readonly preloadImages?: readonly string[];
  /** The page of the build to fill (default `index.html`, the private client; `portal.html` for the public pages). */
  readonly file?: string;
  /** JSON data blocks added to the head, by element id (the public pages' data, read by their script). */
  readonly data?: Readonly<Record<string, unknown>>;
}

/** What a page answers instead of a first screen: a redirect (the public homes' guard, spec 01 §4). */
export interface PageRedirect { readonly redirect: string }

/** A page of the client whose first screen the server draws; `render` answers null to serve the plain page. */
export interface FirstScreenPage {
  readonly path: RegExp;
  render(request: FastifyRequest, match: RegExpExecArray): Promise<FirstScreen | PageRedirect | null>;
}

/** The id of the element that holds the first screen; the client removes it once it has drawn the page itself. */
export const FIRST_SCREEN_ID = 'first-screen';
/** The id of the JSON data block with the early answers. */
export const EARLY_ANSWERS_ID = 'early-answers';

const FIRST_SCREEN_MARK = '<!--first-screen-->';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>\s*/g;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** JSON for a data block: a JSON data block is not run (no CSP change needed); `<` is escaped so no text in it can close the element. */
function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface Template { readonly mtimeMs: number; readonly html: string; readonly style: string; readonly styleHash: string }

/**
 * The client's `index.html` made into a page with a first screen: the entry's stylesheets inlined as one `<style>`
 * (allowed by its hash, the only change to the page's Content-Security-Policy), so the first screen paints with the
 * HTML alone, without waiting a round trip for a stylesheet; the stylesheet links stay at the end of the body, so
 * that the client's loader finds them loaded. Read again when the build changes.
 */
export class AppPageTemplate {
  private readonly cached = new Map<string, Template>();

  /** `connectTo`: origins the page may connect to besides its own (the live edge's: security-headers.ts, connectSources). */
  constructor(private readonly dist: string, private readonly connectTo: readonly string[] = []) {}

  private template(file: string): Template {
    const index = join(this.dist, file);
    const mtimeMs = statSync(index).mtimeMs;
    const known = this.cached.get(file);
    if (known?.mtimeMs === mtimeMs) return known;
    const source = readFileSync(index, 'utf8');
    const root = resolve(this.dist);
    const links: string[] = [];
    const css: string[] = [];
    const html = source.replace(STYLESHEET_LINK, (link, href: string) => {
      const file = resolve(root, `.${href}`);
      if (!file.startsWith(root + sep)) return link;
      links.push(link.trim());
      css.push(readFileSync(file, 'utf8'));
      return '';
    }).replace('</body>', () => `${FIRST_SCREEN_MARK}\n${links.join('\n')}\n</body>`);
    // `</style` cannot end the element early: the build's CSS never holds it, and a CSS file that did would be refused.
    const style = css.join('\n');
    if (/<\/style/i.test(style)) throw new Error('a stylesheet of the build contains </style');
    const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    const template = { mtimeMs, html, style, styleHash };
    this.cached.set(file, template);
    return template;
  }

  /** Sends the page with `screen` in it: never cached (it carries the user's data), the CSP allowing its style. */
  send(reply: FastifyReply, screen: FirstScreen): FastifyReply {
    const { html, style, styleHash } = this.template(screen.file ?? 'index.html');
    const blocks = Object.entries(screen.data ?? {}).map(([id, value]) => `<script type="application/json" id="${escapeAttribute(id)}">${jsonBlock(value)}</script>\n`).join('');
    const data = jsonBlock(screen.answers);
    // Replaced by functions: a `$&` in a name or a style must stay as written.
    const page = html
      .replace(/<html lang="[^"]*">/, () => `<html lang="${screen.language}">`)
      .replace('<head>', () => `<head>\n${(screen.preloadImages ?? []).map((href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`).join('\n')}`)
      .replace('</head>', () => `<style>${style}</style>\n<script type="application/json" id="${EARLY_ANSWERS_ID}">${data}</script>\n${blocks}</head>`)
      .replace(FIRST_SCREEN_MARK, () => `<div id="${FIRST_SCREEN_ID}">${screen.html}</div>`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'cookie')
      .header('content-security-policy', contentSecurityPolicy({ ...connectSources(this.connectTo), 'style-src': ["'self'", styleHash] }))
      .send(page);
  }
}

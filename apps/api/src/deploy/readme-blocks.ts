import { readFileSync } from 'node:fs';

/**
 * The fenced blocks of a Markdown file whose info string is exactly `sh <tag>` (e.g. ```sh production), in order,
 * joined: the commands of the README's "Run it in production" section a test follows.
 */
export function shellBlocks(markdownFile: string, tag: string): string {
  const text = readFileSync(markdownFile, 'utf8');
  const blocks: string[] = [];
  const fence = /^```sh ([\w-]+)\n([\s\S]*?)^```$/gm;
  for (const match of text.matchAll(fence)) if (match[1] === tag) blocks.push(match[2]);
  if (blocks.length === 0) throw new Error(`${markdownFile} has no \`\`\`sh ${tag} block`);
  return blocks.join('\n');
}

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

/**
 * The repository's documentation holds together: every page a file cites exists in the
 * repository (the facts the code relies on live in `docs/`, not in notes outside it), and no
 * page repeats a heading (a page that says one thing twice drifts into saying two things).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Folders that hold no project text. */
const skipped = new Set(['node_modules', 'dist', '.git', 'coverage'])
/** Files whose text the project writes (sources, docs, scripts, fixtures' sources). */
const textFile = /\.(ts|js|mjs|cjs|md|tolk|fc|json|sh|yml|yaml)$|^run$/

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (textFile.test(entry.name) && entry.name !== 'package-lock.json') out.push(path)
  }
  return out
}

/** A page path under `docs/` (`docs/contracts.md`, `docs/wire.md`), resolved from the root. */
const docsPath = /(?<![\w./-])docs\/[\w./-]*?\.md\b/g
/** What precedes a path in another repository (`` `WiseLibs/better-sqlite3` `docs/api.md` ``). */
const upstreamRepository = /[\w-]+\/[\w.-]+`?:?\s+`?$/
/** A bare page name cited with a section sign (`contracts.md §2.1`, `` `wire.md` §4 ``). */
const sectionCitation = /(?<![\w./-])([\w-]+\.md)`?\s*§/g
/** A relative Markdown link to a page (`[math.md](math.md#swap)`), resolved from the page. */
const markdownLink = /\]\((?!https?:)([^)#\s]+\.md)(?:#[^)]*)?\)/g

/** The citations in `text` that lead nowhere, as `file:line: reference`. */
function unresolvedCitations(file: string, text: string): string[] {
  const here = dirname(file)
  const bad: string[] = []
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const where = `${relative(root, file)}:${index + 1}`
    for (const match of line.matchAll(docsPath)) {
      const [path] = match
      if (upstreamRepository.test(line.slice(0, match.index))) continue
      if (!existsSync(join(root, path))) bad.push(`${where}: ${path}`)
    }
    for (const [, name] of line.matchAll(sectionCitation)) {
      if (name === undefined) continue
      if (!existsSync(join(here, name)) && !existsSync(join(root, name))) {
        bad.push(`${where}: ${name}`)
      }
    }
    if (file.endsWith('.md')) {
      for (const [, target] of line.matchAll(markdownLink)) {
        if (target !== undefined && !existsSync(join(here, target))) {
          bad.push(`${where}: ${target}`)
        }
      }
    }
  })
  return bad
}

/** The headings that occur more than once in one Markdown page (outside code blocks). */
function duplicatedHeadings(text: string): string[] {
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    if (fenced || !/^#{1,6} /.test(line)) continue
    seen.set(line.trim(), (seen.get(line.trim()) ?? 0) + 1)
  }
  return [...seen].filter(([, count]) => count > 1).map(([heading]) => heading)
}

describe('citations', () => {
  test('every cited page exists in the repository', () => {
    const self = fileURLToPath(import.meta.url)
    const bad = walk(root)
      .filter((file) => file !== self)
      .flatMap((file) => unresolvedCitations(file, readFileSync(file, 'utf8')))
    expect(bad).toEqual([])
  })

  test('a citation of a page that is not in the repository is found', () => {
    const file = join(root, 'core', 'example.ts')
    expect(
      unresolvedCitations(
        file,
        [
          '// the output rounds down (`contracts.md` §2.1)',
          '// see docs/missing-page.md',
          '// the vectors of docs/contracts.md §6 and `docs/wire.md` §4.6',
          '// the driver (`WiseLibs/better-sqlite3` `docs/api.md`)',
        ].join('\n'),
      ),
    ).toEqual(['core/example.ts:1: contracts.md', 'core/example.ts:2: docs/missing-page.md'])
    expect(
      unresolvedCitations(
        join(root, 'docs', 'page.md'),
        'as in [math](math.md#swap) and [x](nowhere.md), contracts.md §3',
      ),
    ).toEqual(['docs/page.md:1: nowhere.md'])
  })
})

/** A repository path a page names in code spans (`` `store/sqlite/migrations.ts` ``). */
const repositoryPath =
  /`((?:bench|bin|chain|contracts-fixtures|core|demo|docs|emulator|indexer|local|protocol|service|store|test|upstream)\/[\w./-]+\.(?:ts|js|json|md|tolk))`/g

describe('docs paths', () => {
  test('every source, test or page a docs page names exists', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)]
    const missing = pages.flatMap((page) =>
      [...readFileSync(join(root, page), 'utf8').matchAll(repositoryPath)]
        .map(([, path]) => path)
        .filter((path) => path !== undefined && !existsSync(join(root, path)))
        .map((path) => `${page}: ${path}`),
    )
    expect(missing).toEqual([])
  })
})

describe('docs headings', () => {
  const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'))

  test.each(pages)('docs/%s repeats no heading', (page) => {
    expect(duplicatedHeadings(readFileSync(join(root, 'docs', page), 'utf8'))).toEqual([])
  })

  test('a repeated heading is found, one inside a code block is not', () => {
    expect(
      duplicatedHeadings(
        ['# Page', '## Gas', 'text', '```md', '## Gas', '```', '## Gas'].join('\n'),
      ),
    ).toEqual(['## Gas'])
  })
})

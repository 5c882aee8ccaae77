import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Modules reach each other only through a service or a public surface (the no-restricted-imports
// patterns of eslint.config.js, explained in modules/README.md), and the server's imports form no
// cycle: not between modules, not through db/schema, not even through type-only imports.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(src, 'modules');
const eslint = new ESLint({
  cwd: path.resolve(src, '../../..'),
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** The boundary errors ESLint reports for `code` as if it were the file `file` of modules/. */
async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(modulesDir, file) });
  return result!.messages.map((m) => m.message);
}

/** Every server source file (tests left out: like app.ts, they assemble modules) and what it imports. */
function importGraph(): Map<string, string[]> {
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(src, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // TypeScript's own reading of the file: imports and re-exports (type-only ones too) and import().
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter((i) => i.fileName.startsWith('.'))
      .map((i) => path.resolve(path.dirname(file), i.fileName))
      .flatMap((p) => [p, `${p}.ts`, path.join(p, 'index.ts')].filter((c) => known.has(c)).slice(0, 1));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles of a graph: its strongly connected parts of more than one node, or a self-import. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.includes(node)) cycles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Which modules each module imports (any of its files, any kind of import). */
function moduleGraph(files: Map<string, string[]>): Map<string, string[]> {
  const areaOf = (file: string) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith('..') || !relative.includes(path.sep) ? null : relative.split(path.sep)[0]!;
  };
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const area = areaOf(file);
    if (!area) continue;
    const uses = graph.get(area) ?? new Set<string>();
    for (const target of targets) {
      const other = areaOf(target);
      if (other && other !== area) uses.add(other);
    }
    graph.set(area, uses);
  }
  return new Map([...graph].map(([area, uses]) => [area, [...uses].sort()]));
}

describe('module boundaries', () => {
  it("refuses an import of another module's repository, tables or inner files", async () => {
    for (const code of [
      "import { createLeadsRepository } from '../leads/leads.repository';",
      "import type { LeadRow } from '../leads/leads.tables';",
      "export { toLead } from '../leads/lead-mapping';",
      "import { leads } from '../../modules/leads/leads.tables';",
      "import { allowAnyOrigin } from '../chat/widget-cors';",
    ])
      expect(await boundaryErrors(code, 'segments/fixture.ts'), code).toEqual([
        expect.stringContaining('Reach another module through its service'),
      ]);
  });

  it("lets a module use another's service and public surface, and its own files", async () => {
    for (const code of [
      "import type { LeadsService } from '../leads/leads.service';",
      "import { leadRuleColumns } from '../leads';",
      "import { createJobQueue } from '../jobs/index';",
      "import { segments } from './segments.tables';",
      "import { NotFoundError } from '../../http/errors';",
    ])
      expect(await boundaryErrors(code, 'segments/fixture.ts'), code).toEqual([]);
  });

  it("lets only a table file name another module's tables (foreign keys), and no test", async () => {
    const tables = "import { leads } from '../leads/leads.tables';";
    expect(await boundaryErrors(tables, 'segments/fixture.tables.ts')).toEqual([]);
    expect(await boundaryErrors(tables, 'segments/fixture.test.ts')).toEqual([
      expect.stringContaining("Tests do not touch another module's tables"),
    ]);
    const repository = "import { createLeadsRepository } from '../leads/leads.repository';";
    expect(await boundaryErrors(repository, 'segments/fixture.tables.ts')).toHaveLength(1);
    // A test may assemble other modules' services and repositories, as the modules' register functions do.
    expect(await boundaryErrors(repository, 'segments/fixture.test.ts')).toEqual([]);
  });

  it("finds no boundary violation in the server's modules", async () => {
    const results = await eslint.lintFiles([modulesDir]);
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(src, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('import graph', () => {
  const files = importGraph();
  const modules = moduleGraph(files);

  it('has no import cycle between files, type-only imports and db/schema included', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(cyclesOf(files).map((cycle) => cycle.map((f) => path.relative(src, f)))).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(modules.get('segments')).toContain('leads');
    expect(cyclesOf(modules)).toEqual([]);
  });

  it('lets campaigns reach other modules only for their tables (foreign keys), services and surfaces', () => {
    // The rest (templates, knowledge, resources, the school's name, email) comes in from app.ts;
    // approval decisions are recorded in the audit log.
    expect(modules.get('campaigns')).toEqual(['audit', 'auth', 'leads', 'segments', 'templates']);
  });

  it('keeps leads at the bottom: it imports no module but audit', () => {
    expect(modules.get('leads')).toEqual(['audit']);
  });
});

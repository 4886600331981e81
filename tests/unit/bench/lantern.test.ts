// The what-if changes of bench/lighthouse-what-if.ts on a small graph built with Lighthouse's own
// Lantern classes: what each change keeps, drops, shortens and folds, and that the observed graph
// is left as it was.
import { describe, expect, it } from 'vitest';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { changedGraph, WHAT_IFS, type WhatIf } from '../../../bench/support/lantern';

type Node = Lantern.Graph.Node;
const ORIGIN = 'http://127.0.0.1:3000';

let nextId = 0;
function request(path: string, transferSize: number, start: number) {
  return {
    requestId: String(++nextId),
    url: `${ORIGIN}${path}`,
    transferSize,
    rendererStartTime: start,
    networkEndTime: start + 50,
  } as unknown as Lantern.Types.NetworkRequest;
}
const net = (path: string, size: number, start = 10) =>
  new Lantern.Graph.NetworkNode(request(path, size, start));
function cpu(name: string, ts: number, dur: number) {
  const event = { name: 'RunTask', ts, dur, tid: 1, pid: 1, ph: 'X', args: {} };
  return new Lantern.Graph.CPUNode(event as never, [{ ...event, name }] as never);
}

/** The document, its commit task, and what a signed-in page loads after it. */
function page() {
  const doc = net('/', 8000, 0);
  doc.setIsMainDocument(true);
  const commit = cpu('DocumentLoader::CommitNavigation', 60_000, 70_000);
  const parse = cpu('ParseHTML', 140_000, 130_000);
  doc.addDependent(commit);
  commit.addDependent(parse);
  const stack = ['/assets/rolldown-runtime-X1.js', '/assets/react-B2.js', '/assets/index-C3.js'].map((p) =>
    net(p, p.includes('react') ? 69_000 : 700),
  );
  for (const n of stack) commit.addDependent(n);
  const route = [
    net('/assets/signed-in-D4.js', 28_000, 20),
    net('/assets/home-page-E5.js', 4_600, 20),
    net('/assets/format-F6.js', 600, 20),
  ];
  const rest = [
    net('/api/progress', 1_000, 20),
    net('/assets/home-page-G7.css', 800, 20),
    net('/manifest.webmanifest', 1_300, 20),
  ];
  for (const n of [...route, ...rest]) parse.addDependent(n);
  return { doc, commit, parse };
}

const change = (id: string): WhatIf => WHAT_IFS.find((c) => c.id === id)!;
function paths(root: Node): string[] {
  const out: string[] = [];
  root.traverse((n) => void (n.type === 'network' && out.push(new URL(n.request.url).pathname)));
  return out.sort();
}
function node(root: Node, path: string) {
  let found: Lantern.Graph.NetworkNode | undefined;
  root.traverse((n) => {
    if (n.type === 'network' && n.request.url.endsWith(path)) found = n;
  });
  return found!;
}
const cpus = (root: Node) => {
  const out: Lantern.Graph.CPUNode[] = [];
  root.traverse((n) => void (n.type === 'cpu' && out.push(n)));
  return out;
};

describe('Lighthouse what-if changes', () => {
  it('when nothing is changed, then the copy holds every request and task as observed', () => {
    const { doc } = page();
    const copy = changedGraph(doc, change('as-observed'));
    expect(copy).not.toBe(doc);
    expect(paths(copy)).toEqual(paths(doc));
    expect(cpus(copy).map((n) => n.duration)).toEqual([70_000, 130_000]);
  });

  it('when the main thread takes no time, then every task of the copy ends as it starts, and the observed ones do not', () => {
    const { doc, parse } = page();
    const copy = changedGraph(doc, change('no-main-thread'));
    expect(cpus(copy).map((n) => n.duration)).toEqual([0, 0]);
    expect(parse.duration).toBe(130_000);
  });

  it('when only the document tasks take no time, then those are shortened and other tasks are kept', () => {
    const { doc, parse } = page();
    const later = cpu('FunctionCall', 400_000, 30_000);
    parse.addDependent(later);
    const copy = changedGraph(doc, change('no-document-tasks'));
    expect(cpus(copy).map((n) => n.duration)).toEqual([0, 0, 30_000]);
  });

  it('when the inline script takes no time, then the parse task loses its script time and nothing else', () => {
    const doc = net('/', 8000, 0);
    doc.setIsMainDocument(true);
    const event = { name: 'RunTask', ts: 100_000, dur: 130_000, tid: 1, pid: 1, ph: 'X', args: {} };
    const parse = new Lantern.Graph.CPUNode(
      event as never,
      [
        { ...event, name: 'ParseHTML' },
        { ...event, name: 'EvaluateScript', ts: 110_000, dur: 70_000 },
      ] as never,
    );
    doc.addDependent(parse);
    const commit = cpu('DocumentLoader::CommitNavigation', 240_000, 50_000);
    parse.addDependent(commit);
    const copy = changedGraph(doc, change('no-inline-script'));
    expect(cpus(copy).map((n) => n.duration)).toEqual([60_000, 50_000]);
  });

  it('when the route scripts are merged, then their bytes are in the signed-in chunk and the stack stays apart', () => {
    const { doc } = page();
    const copy = changedGraph(doc, change('route-scripts-merged'));
    expect(paths(copy)).not.toContain('/assets/home-page-E5.js');
    expect(paths(copy)).not.toContain('/assets/format-F6.js');
    expect(paths(copy)).toContain('/assets/react-B2.js');
    expect(node(copy, '/assets/signed-in-D4.js').request.transferSize).toBe(28_000 + 4_600 + 600);
    expect(node(copy, '/assets/react-B2.js').request.transferSize).toBe(69_000);
    expect(node(doc, '/assets/signed-in-D4.js').request.transferSize).toBe(28_000);
  });

  it('when only the stack is kept, then the document and the stack scripts remain, and the tasks', () => {
    const { doc } = page();
    const copy = changedGraph(doc, change('stack-only'));
    expect(paths(copy)).toEqual([
      '/',
      '/assets/index-C3.js',
      '/assets/react-B2.js',
      '/assets/rolldown-runtime-X1.js',
    ]);
    expect(cpus(copy)).toHaveLength(2);
  });

  it('when stylesheets, manifest and icons are dropped, then the API reads stay', () => {
    const { doc } = page();
    const copy = changedGraph(doc, change('route-scripts-merged-no-css-icons-no-main-thread'));
    expect(paths(copy)).toContain('/api/progress');
    expect(paths(copy)).not.toContain('/assets/home-page-G7.css');
    expect(paths(copy)).not.toContain('/manifest.webmanifest');
  });

  it('when scripts are to be merged and no file takes them, then the change fails rather than losing bytes', () => {
    const { doc } = page();
    const nowhere: WhatIf = { id: 'x', what: 'x', merge: { scripts: () => true, into: () => false } };
    expect(() => changedGraph(doc, nowhere)).toThrow(/no script to fold/);
  });
});

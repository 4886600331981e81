// What Lighthouse's mobile LCP is made of, measured on Lighthouse's own model (issue 33). Lighthouse
// does not time a throttled page: it loads the page at full speed, builds a graph of what the
// largest paint needed (every request that ended before it, the first parse, layout and paint,
// and each script's first evaluation, with what each depends on) and simulates that graph on a slow
// 4G line with the main thread's tasks four times longer ("Lantern"). This module takes the two
// graphs Lighthouse simulated for an audit and simulates them again with one change each: the
// same observed page, so a what-if reads without the machine's noise between audits.
//
// Lantern is Lighthouse's own (`lighthouse/core/lib/lantern/lantern.js`, from
// `@paulirish/trace_engine`); its simulator records the node timings of every simulation it runs,
// under a label, which is where the graphs are taken from.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

type Node = Lantern.Graph.Node;
type NetworkNode = Lantern.Graph.NetworkNode;
type CPUNode = Lantern.Graph.CPUNode;

/** The two graphs Lighthouse's LCP averages (its coefficients are 0.5 and 0.5). */
export interface LcpGraphs {
  optimistic: Node;
  pessimistic: Node;
}

/** One change to a page's LCP graphs. */
export interface WhatIf {
  id: string;
  what: string;
  /** Requests left out of the graphs (the main document always stays). */
  drop?: (url: string, node: NetworkNode) => boolean;
  /** How much of a main-thread task this change takes away, in microseconds (at most all of it). */
  spare?: (node: CPUNode) => number;
  /** Scripts folded into one file: their bytes go to the first listed that `into` matches. */
  merge?: { scripts: (url: string) => boolean; into: (url: string) => boolean };
}

const path = (node: NetworkNode) => {
  try {
    return new URL(node.request.url).pathname;
  } catch {
    return node.request.url;
  }
};
const isNetwork = (n: Node): n is NetworkNode => n.type === 'network';
const isCpu = (n: Node): n is CPUNode => n.type === 'cpu';
const hasEvent = (n: CPUNode, name: string) => n.childEvents.some((e) => e.name === name);

/** The build's files the entry's module scripts name in index.html: the stack (React's chunk), the entry and its runtime. */
const STACK_SCRIPT = /^\/assets\/(react|index|rolldown-runtime)-[\w-]+\.js$/;
const SCRIPT = /^\/assets\/.+\.js$/;
/** The route's own scripts: what the preload script asks for beyond the stack. */
const routeScript = (url: string) => SCRIPT.test(url) && !STACK_SCRIPT.test(url);
/** The document's first tasks: its commit (Chromium's, which makes the page's JavaScript context) and the parse with the inline script. */
const documentTask = (n: CPUNode) =>
  hasEvent(n, 'DocumentLoader::CommitNavigation') || hasEvent(n, 'ParseHTML');

/** The time of the scripts a parse task ran: index.html's inline script (module scripts are not run by the parser). */
const inlineScriptTime = (n: CPUNode) =>
  hasEvent(n, 'ParseHTML')
    ? n.childEvents.filter((e) => e.name === 'EvaluateScript').reduce((sum, e) => sum + (e.dur ?? 0), 0)
    : 0;

/** Every main-thread task takes no time. */
const noMainThread = (n: CPUNode) => n.duration;
/** The route's scripts folded into the signed-in chunk. */
const routeScriptsMerged = {
  scripts: routeScript,
  into: (url: string) => /\/assets\/signed-in-[\w-]+\.js$/.test(url),
};
/** Everything but the stack's scripts left out. */
const beyondTheStack = (url: string) => !STACK_SCRIPT.test(url);

export const WHAT_IFS: WhatIf[] = [
  { id: 'as-observed', what: 'the page as audited (equals Lighthouse’s own LCP)' },
  {
    id: 'no-document-tasks',
    what: 'the document’s commit and parse tasks (the inline script in it) take no time',
    spare: (n) => (documentTask(n) ? n.duration : 0),
  },
  {
    id: 'no-inline-script',
    what: 'the inline preload script takes no time (the rest of the parse as observed)',
    spare: inlineScriptTime,
  },
  {
    id: 'no-main-thread',
    what: 'no main-thread task takes any time: the network alone',
    spare: noMainThread,
  },
  {
    id: 'route-scripts-merged',
    what: 'the route’s scripts (all but React’s chunk, the entry and its runtime) in one file',
    merge: routeScriptsMerged,
  },
  {
    id: 'route-scripts-merged-no-css-icons-no-main-thread',
    what: 'the route’s scripts in one file, no stylesheet, manifest or icon request, and no main-thread time',
    merge: routeScriptsMerged,
    drop: (url) => /\.css$|\/manifest\.webmanifest$|\/icons\//.test(url),
    spare: noMainThread,
  },
  {
    id: 'stack-only',
    what: 'only the document and the stack’s scripts (no route file, API read, stylesheet or icon)',
    drop: beyondTheStack,
  },
  {
    id: 'stack-only-no-main-thread',
    what: 'only the document and the stack’s scripts, and no main-thread time',
    drop: beyondTheStack,
    spare: noMainThread,
  },
];

/**
 * A copy of `root`'s graph with `change` made: requests dropped (with whatever only they led to;
 * a dropped request stays where a task kept in the graph depended on it, as a stylesheet that a
 * layout task parsed: Lantern's clone keeps every node's dependencies), tasks shortened, scripts'
 * bytes folded into one. The observed graph is not touched.
 */
export function changedGraph(root: Node, change: WhatIf): Node {
  const merge = change.merge;
  let folded = 0;
  const foldedAway = (n: Node) =>
    merge !== undefined && isNetwork(n) && merge.scripts(path(n)) && !merge.into(path(n));
  if (merge) root.traverse((n) => void (foldedAway(n) && isNetwork(n) && (folded += n.request.transferSize)));
  const copy = root.cloneWithRelationships(
    (n) => n.isMainDocument() || !(foldedAway(n) || (isNetwork(n) && change.drop?.(path(n), n))),
  );
  let foldedInto = false;
  copy.traverse((n) => {
    if (isCpu(n) && change.spare) n.correctedEndTs = n.endTime - Math.min(change.spare(n), n.duration);
    if (merge && !foldedInto && isNetwork(n) && merge.into(path(n))) {
      foldedInto = true;
      const request = Object.create(n.request) as typeof n.request;
      request.transferSize = n.request.transferSize + folded;
      n._request = request;
    }
  });
  if (merge && folded > 0 && !foldedInto) throw new Error(`${change.id}: no script to fold the others into`);
  return copy;
}

type Simulator = InstanceType<typeof Lantern.Simulation.Simulator>;
/** The simulator of Lighthouse's last LCP simulation. */
const last: { simulator: Simulator | null } = { simulator: null };

/**
 * Keeps the simulator Lighthouse simulates its LCP with (its throttling, and the round trip and
 * server time it read off every observed request), so that a what-if runs on the same one.
 * Called once before the audits; the simulator's own behaviour is unchanged.
 */
export function watchSimulations(): void {
  const proto = Lantern.Simulation.Simulator.prototype as Simulator & { watched?: boolean };
  if (proto.watched) return;
  const simulate = proto.simulate;
  proto.simulate = function (this: Simulator, graph, options) {
    if (options?.label === 'optimisticLargestContentfulPaint') last.simulator = this;
    return simulate.call(this, graph, options);
  };
  proto.watched = true;
}

/** Forgets the simulations recorded so far (Lantern keeps every one, by label, for the process). */
export function forgetSimulations(): void {
  Lantern.Simulation.Simulator.allNodeTimings.clear();
  last.simulator = null;
}

/** The graphs and the simulator of Lighthouse's last LCP simulation. */
export function lastLcpSimulation(): LcpGraphs & { simulator: Simulator } {
  const timings = Lantern.Simulation.Simulator.allNodeTimings;
  const root = (label: string) => {
    const nodes = timings.get(label);
    const first = nodes?.keys().next().value;
    if (!first) throw new Error(`Lighthouse ran no ${label} simulation`);
    return first.getRootNode();
  };
  const simulator = last.simulator;
  if (!simulator) throw new Error('Lighthouse ran no LCP simulation since watchSimulations()');
  return {
    optimistic: root('optimisticLargestContentfulPaint'),
    pessimistic: root('pessimisticLargestContentfulPaint'),
    simulator,
  };
}

/**
 * Lighthouse's LCP with `change` made: each graph simulated again on Lighthouse's simulator and
 * read as Lighthouse reads it, the mean of the two, never sooner than the first contentful paint.
 */
export function simulatedLcp(
  { optimistic, pessimistic, simulator }: ReturnType<typeof lastLcpSimulation>,
  change: WhatIf,
  fcpMs: number,
): number {
  const end = (root: Node) =>
    Lantern.Metrics.LargestContentfulPaint.getEstimateFromSimulation(
      simulator.simulate(changedGraph(root, change)),
    ).timeInMs;
  return Math.max((end(optimistic) + end(pessimistic)) / 2, fcpMs);
}

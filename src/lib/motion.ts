// Whether the user asked the system for reduced motion. Read when a moment starts, not cached:
// framer-motion's own hook keeps its first answer for the page's life.
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

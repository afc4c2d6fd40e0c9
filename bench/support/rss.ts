/** Samples this process's resident set size until stopped: the peak tells what a load cost in memory. */
export function sampleRss(everyMs = 100): { stop(): { before: number; peak: number; after: number } } {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), everyMs);
  return {
    stop() {
      clearInterval(timer);
      const after = process.memoryUsage.rss();
      return { before, peak: Math.max(peak, after), after };
    },
  };
}

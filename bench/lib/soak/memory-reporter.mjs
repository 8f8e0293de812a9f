// Preloaded (node --import) into the soak's compiled API and workers: the process reports its own
// V8 heap and RSS to the bench over the IPC channel every second. The worker has no metrics
// endpoint, and the bench must not change the product to watch it.
const INTERVAL_MS = 1000;

if (typeof process.send === "function") {
  const report = () => {
    const usage = process.memoryUsage();
    try {
      process.send({ type: "soak-memory", rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal });
    } catch {
      // the bench went away: the process is being stopped anyway
    }
  };
  setInterval(report, INTERVAL_MS).unref();
  // the channel must not keep a process alive that would otherwise exit
  process.channel?.unref();
}

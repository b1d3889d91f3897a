/**
 * Resolves in a task of its own (a message to itself: unlike a timer, not delayed in a hidden tab),
 * so that the work after it is not part of the task before it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Linux /proc helpers for `npm run bench`: which process of a tree listens on a port, and its
 * resident memory. `next start` may run the server in a child process, so the bench looks for
 * the process that actually holds the listening socket.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/** Whether nothing listens on 127.0.0.1:port. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function findFreePort(first, attempts = 50) {
  for (let port = first; port < first + attempts; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`bench: no free port in ${first}–${first + attempts - 1}`);
}

/** The process and all its descendants, parents first. */
export function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: the fields after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const localPort = parseInt(fields[1].split(':')[1], 16);
      if (localPort === port && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The pid in the tree of `rootPid` that holds the socket listening on `port`, or null. */
export function listeningPid(rootPid, port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  for (const pid of processTree(rootPid)) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1])) return pid;
      } catch {
        // fd closed meanwhile.
      }
    }
  }
  return null;
}

/** VmRSS and VmHWM (peak) of a process in MiB, or null when it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
    return {
      pid,
      name,
      rssMiB: Math.round(kib('VmRSS') / 102.4) / 10,
      peakRssMiB: Math.round(kib('VmHWM') / 102.4) / 10,
    };
  } catch {
    return null;
  }
}

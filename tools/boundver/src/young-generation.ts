import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its initial size for this process (the CLI only: a library must
 * not change the heap of the process that imports it).
 *
 * generate and verify stream every blob of the snapshot through 64 KiB pipe chunks. A chunk's
 * bytes live outside the JS heap and are freed only when a scavenge finds its small Buffer
 * object dead; with the young generation grown to its default 16 MiB per semi-space, scavenges
 * are rare and ~40 MiB of dead chunks piled up at 100 MB read. Kept small, scavenges run every
 * few MB read and cost about what the rare large ones did (each finds almost nothing alive):
 * peak RSS at 20,000 files / 100 MB went from about 145 MiB to 87 MiB with no measurable change
 * in CPU time. The growth factor is read when the young generation would grow, so setting it
 * after start-up takes effect; `--max-semi-space-size` would not.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

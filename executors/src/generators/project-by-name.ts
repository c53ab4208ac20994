import { type ProjectConfiguration, type Tree, getProjects } from '@nx/devkit';
import { posix } from 'node:path';
import { DriftgateNxError } from '../errors.js';

/**
 * The configuration of the project a generator is asked about. Nx's own lookup fails with
 * "Cannot find configuration for 'calc'" when the user typed the directory (or the name without
 * its npm scope) of `@ws/calc`; this one names the projects they probably meant.
 */
export function projectByName(tree: Tree, name: string): ProjectConfiguration & { name: string } {
  const projects = getProjects(tree);
  const found = projects.get(name);
  if (found !== undefined) return { ...found, name };
  const wanted = name.replace(/\/+$/, '');
  const likely = [...projects]
    .filter(([candidate, project]) => {
      const unscoped = candidate.replace(/^@[^/]+\//, '');
      const root = project.root.replace(/^\.\//, '').replace(/\/+$/, '');
      return unscoped === wanted || root === wanted || posix.basename(root) === wanted;
    })
    .map(([candidate]) => candidate)
    .sort();
  const hint =
    likely.length === 1
      ? `did you mean ${likely[0]}?`
      : likely.length > 1
        ? `did you mean one of ${likely.join(', ')}?`
        : 'give a project name as `nx show projects` lists it';
  throw new DriftgateNxError('DRIFTGATE_NX_NO_PROJECT', `no project named ${JSON.stringify(name)} in this workspace; ${hint}`);
}

/**
 * The name Nx gives the project rooted in a directory, from the texts of the `project.json` and
 * `package.json` there (either may be absent): `name` of project.json, else `nx.name` of
 * package.json, else its `name`. Undefined when none of them declares a non-empty string name,
 * including when a file is not a JSON object (discovery then names the component after its
 * directory, so a broken manifest never stops it).
 */
export function nxProjectName(projectJson: string | undefined, packageJson: string | undefined): string | undefined {
  const project = jsonObject(projectJson);
  const pkg = jsonObject(packageJson);
  const nx = jsonObject(pkg?.['nx']);
  for (const name of [project?.['name'], nx?.['name'], pkg?.['name']]) if (typeof name === 'string' && name !== '') return name;
  return undefined;
}

function jsonObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

import { type Claim, type HubFacts, claimSites, parseHub, quickHubFacts } from '@driftgate/surf';

/** The sites of claims built from a hub's quick facts, known without parsing the hub's YAML. */
const knownSites = new WeakMap<Claim, readonly string[]>();

/** A claim's sites (`claimSites`), without parsing its hub when the claim came from its quick facts. */
export function sitesOf(claim: Claim): readonly string[] {
  return knownSites.get(claim) ?? claimSites(claim);
}

/**
 * The claims of a hub. A hub in the plain subset `surf check` scans (`quickHubFacts`) gives
 * claims whose position, sites, stamp and `ignore_literals` come from that scan, and whose other
 * fields (prose, id, …) parse the hub's YAML the first time one of them is read — most claims
 * are never shown, and the YAML of a workspace's hubs costs far more than judging them. Any other
 * hub is parsed now, and a hub that does not parse throws `HubParseError`, as `parseHub` does.
 */
export function hubClaims(text: string, path: string): readonly Claim[] {
  const facts = quickHubFacts(text);
  if (facts === undefined) return parseHub(text, { path }).anchors;
  let parsed: readonly Claim[] | undefined;
  const full = (index: number): Claim => {
    parsed ??= parseHub(text, { path }).anchors;
    const claim = parsed[index];
    // The scan admits only hubs that parse, to the same claims in the same order.
    if (claim === undefined) throw new Error(`internal error: ${path} passed the plain-hub scan but its claim ${index + 1} does not parse the same way; please report it`);
    return claim;
  };
  return facts.sites.map((sites, index) => lazyClaim(facts, index, sites, full));
}

function lazyClaim(facts: HubFacts, index: number, sites: readonly string[], full: (index: number) => Claim): Claim {
  const { line, hash, ignoreLiterals } = facts.stamps[index]!;
  const claim: Claim = {
    index,
    line,
    hash,
    ignoreLiterals,
    get hashLine() {
      return full(index).hashLine;
    },
    get id() {
      return full(index).id;
    },
    get claim() {
      return full(index).claim;
    },
    get at() {
      return full(index).at;
    },
    get verifiedAt() {
      return full(index).verifiedAt;
    },
    get verifiedCommit() {
      return full(index).verifiedCommit;
    },
  };
  knownSites.set(claim, sites);
  return claim;
}

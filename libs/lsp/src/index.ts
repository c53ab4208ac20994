export { RESTAMP_STALE_TITLE, RESTAMP_TITLE, startSurfServer } from './server.js';
export { startSurfServerOver } from './stream-server.js';
export { type BufferReader, type ClaimEntry, ClaimState, type ClaimStateOptions, type ClaimVerdict, type SiteAt } from './claim-state.js';

/** The views live in `@auction/contracts` so the API, the read models and the live channel share them. */
export { auctionView, isPrivileged, lotView, PUBLIC_VIEWER, type Viewer } from '@auction/contracts';

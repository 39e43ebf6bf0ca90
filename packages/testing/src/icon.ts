/**
 * The test wallet's default icon: an open doorway (a foyer) on a blue tile. Our own drawing, 96×96, as an
 * RFC 2397 data URI as EIP-6963 requires.
 */
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#2456d6"/>' +
  '<path d="M28 78V42a20 20 0 0 1 40 0v36z" fill="#ffffff"/>' +
  '<path d="M36 78V44a12 12 0 0 1 24 0v34z" fill="#f2c14e"/>' +
  '<circle cx="54" cy="60" r="3" fill="#2456d6"/>' +
  '<rect x="20" y="76" width="56" height="5" rx="2.5" fill="#ffffff"/>' +
  '</svg>'

export const TEST_WALLET_ICON = `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`

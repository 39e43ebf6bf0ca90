import { NetworkList } from './NetworkList.tsx'

/** Choose one of the site's networks. */
export function NetworksView() {
  return <NetworkList />
}

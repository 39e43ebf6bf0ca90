/**
 * The dev wallet as a Farcaster client, against the devnet's stand-ins: it opens a Sign in with Farcaster link
 * (`?siwf=<link>` on this page, or pasted), shows what the site asks for, and on Approve signs the message with the
 * chosen test fid's custody key (accounts 11–15 of the dev mnemonic) and posts it to the relay stand-in. Reject only
 * dismisses the request: Farcaster's relay has no way to refuse one, so the site's sign-in expires. A QR code in an
 * image (a screenshot of the site's QR view) is read with jsQR.
 */
import {
  approveSignIn,
  DEV_MNEMONIC,
  FARCASTER_TEST_USERS,
  type FarcasterTestUser,
  readSignInRequest,
  type SignInRequest,
} from '@foyer/devnet/farcaster/browser'
import { toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

const relayUrl = __FOYER_FARCASTER_RELAY_URL__
const $ = <element extends HTMLElement>(id: string) => document.getElementById(id) as element

const status = (text: string, state: 'idle' | 'open' | 'approved' | 'rejected' | 'error') => {
  const line = $('siwf-status')
  line.textContent = text
  line.dataset.state = state
}

/** The custody key of a test fid, derived from the dev mnemonic (public test keys only). */
function custodyKey(user: FarcasterTestUser) {
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: user.accountIndex })
  return toHex(account.getHdKey().privateKey!)
}

let current: SignInRequest | undefined

function show(request: SignInRequest | undefined) {
  current = request
  const card = $('siwf-request')
  card.hidden = !request
  if (!request) return
  const { params } = request
  $('siwf-title-request').textContent = `${params.domain} asks you to sign in with Farcaster`
  $('siwf-detail').textContent = [
    `site      ${params.siweUri}`,
    `domain    ${params.domain}`,
    params.expirationTime ? `expires   ${params.expirationTime}` : undefined,
  ]
    .filter(Boolean)
    .join('\n')
}

async function open(link: string) {
  show(undefined)
  try {
    const request = await readSignInRequest(relayUrl, link)
    show(request)
    status('Waiting for you to approve or reject.', 'open')
  } catch (error) {
    status((error as Error).message, 'error')
  }
}

const fidSelect = $<HTMLSelectElement>('siwf-fid')
for (const user of FARCASTER_TEST_USERS)
  fidSelect.add(new Option(`fid ${user.fid}  @${user.username}  (${user.displayName})`, String(user.fid)))

$('siwf-approve').onclick = async () => {
  const request = current
  const user = FARCASTER_TEST_USERS.find((u) => u.fid === Number(fidSelect.value))
  if (!request || !user) return
  show(undefined)
  status(`Signing in as fid ${user.fid}…`, 'open')
  try {
    await approveSignIn({ relayUrl, request, user, privateKey: custodyKey(user) })
    status(`Signed in to ${request.params.domain} as fid ${user.fid} (@${user.username}).`, 'approved')
  } catch (error) {
    status((error as Error).message, 'error')
  }
}
$('siwf-reject').onclick = () => {
  const domain = current?.params.domain
  show(undefined)
  status(`Not signed in to ${domain}: the request was dismissed and will expire on the site.`, 'rejected')
}
$<HTMLFormElement>('siwf-form').onsubmit = (event) => {
  event.preventDefault()
  void open($<HTMLInputElement>('siwf-link').value)
}
/** The text of the first QR code in an image file, or undefined. Works for PNG, JPEG and SVG screenshots. */
async function readQr(file: File): Promise<string | undefined> {
  const { default: jsQR } = await import('jsqr')
  const url = URL.createObjectURL(file)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    // An SVG may have no intrinsic size; draw it large enough to read, on white (a transparent background reads as black).
    const width = Math.max(image.naturalWidth, 512)
    const height = Math.round(width * (image.naturalHeight / image.naturalWidth || 1))
    const canvas = Object.assign(document.createElement('canvas'), { width, height })
    const context = canvas.getContext('2d', { willReadFrequently: true })!
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
    context.drawImage(image, 0, 0, width, height)
    return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data
  } finally {
    URL.revokeObjectURL(url)
  }
}

$<HTMLInputElement>('siwf-qr').onchange = async (event) => {
  const input = event.target as HTMLInputElement
  const file = input.files?.[0]
  input.value = ''
  if (!file) return
  try {
    const link = await readQr(file)
    if (!link) return status('No QR code found in that image.', 'error')
    $<HTMLInputElement>('siwf-link').value = link
    await open(link)
  } catch (error) {
    status(`Cannot read that image: ${(error as Error).message}`, 'error')
  }
}
$('siwf-relay').textContent = `Relay (stand-in): ${relayUrl}`

const linked = new URLSearchParams(location.search).get('siwf')
if (linked) {
  $<HTMLInputElement>('siwf-link').value = linked
  void open(linked)
}

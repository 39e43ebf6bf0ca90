/** @type {import('next').NextConfig} */
const nextConfig = {
  // Offline by default: no telemetry (also NEXT_TELEMETRY_DISABLED=1 in the environment).
  poweredByHeader: false,
}
export default nextConfig

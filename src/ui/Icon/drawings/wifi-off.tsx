import { namedIcon } from '../IconSvg'

export const wifiOff = (
  <path d="M12 20h.01M8.5 16.43a5 5 0 0 1 7 0M5 12.86a10 10 0 0 1 5.17-2.69M19 12.86a10 10 0 0 0-2-1.52M2 8.82a15 15 0 0 1 4.18-2.64M22 8.82a15 15 0 0 0-11.29-3.76M2 2l20 20" />
)
export const WifiOffIcon = /* @__PURE__ */ namedIcon('WifiOffIcon', wifiOff)

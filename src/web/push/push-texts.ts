// What the page says when push cannot be turned on (tests and the browser journey find these).
export const pushTexts = {
  unsupported: "This browser cannot show notifications.",
  unsupportedIphone:
    "On an iPhone or iPad, add this site to the home screen first (Share, then “Add to Home Screen”), open it from there and turn notifications on in its settings.",
  blocked:
    "Notifications are blocked for this site in the browser's settings. Allow them there, then try again.",
  dismissed:
    "Notifications stay off: the browser's question was closed without an answer. Try again to be asked once more.",
  on: "Notifications are on for this device.",
};

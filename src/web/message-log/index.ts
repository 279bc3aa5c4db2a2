// The message log and its input, as the public room and a conversation (issue 17) both show them:
// stored messages, ours on their way (pending, failed with Retry), Report on others', the form.
export { MessageForm } from "./message-form.tsx";
export { MessageList, type OlderMessages } from "./message-list.tsx";
export { newClientId, type OutgoingMessage } from "./outgoing-message.ts";

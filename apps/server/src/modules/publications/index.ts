/** Delivering web/BobAppointment publications to an outside system (issue 15): a webhook or the local record. */
export { publicationDelivery, PUBLICATION_JOB } from './delivery';
export {
  type PublicationTarget,
  type PublicationDelivery,
  webhookTarget,
  localTarget,
  signPublication,
} from './targets';

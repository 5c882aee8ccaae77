// What other modules may use of resources besides its service (resources.service.ts): clearing the
// download records and tokens, which the app hands to the widget module's "clear analytics".
export { countDownloadRecords, deleteDownloadRecords } from './download-records';

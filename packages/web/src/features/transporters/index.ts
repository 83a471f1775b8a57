/** What other features reuse of the transporters (the assignment dialog's add buttons). */
export {
  AddBargeDialog,
  AddDriverDialog,
  AddTrainDialog,
  AddTransporterDialog,
  type AddTransporterDialogProps,
} from './transporter-dialog.tsx';
export { listTransporters, transporterKeys } from './transporters-api.ts';

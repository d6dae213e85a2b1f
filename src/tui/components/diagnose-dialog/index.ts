export { DiagnoseDialog, type DiagnoseDialogProps } from './diagnose-dialog.js';
export { useDiagnoseDialog, type UseDiagnoseDialogOptions } from './use-diagnose-dialog.js';
export {
  diagnoseDialogReducer,
  initialDiagnoseDialogState,
  pendingDiagnosis,
  useDiagnoseDialogState,
  type DiagnoseDialogState,
  type DiagnoseDialogAction,
} from './use-diagnose-dialog-state.js';
export { DiagnosesReview, type DiagnosesReviewProps } from './diagnoses-review.js';

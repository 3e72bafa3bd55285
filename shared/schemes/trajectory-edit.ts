/** trajectory_edit's normalized keys and the edits the page sends, to which the server adds flags and distances. */

export interface EditKeys {
  editable_fields: string[];
  show_diff: boolean;
  show_edit_distance: boolean;
  allow_reset: boolean;
  require_reason_on_edit: boolean;
  edit_final_answer: boolean;
  final_answer_key: string;
}

/** An edit of one text as submitted. */
export interface SubmittedEdit {
  original_text: string;
  edited_text: string;
  reason?: string;
}

/** Written by `npm run gen:api` from the server's OpenAPI document: do not edit. */
export interface paths {
  '/auth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /auth page: leads to the UI */
    get: operations['getAuth'];
    put?: never;
    /** Log in (form-encoded or JSON: username, password); sets the session cookie */
    post: operations['postAuth'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /login page: leads to the UI */
    get: operations['getLogin'];
    put?: never;
    /** Potato spelling of /auth */
    post: operations['postLogin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /register page: leads to the UI */
    get: operations['getRegister'];
    put?: never;
    /** Create an account (when the project allows registration) and log in */
    post: operations['postRegister'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Log out from a link (only a navigation from our own pages; a foreign page is sent to the UI still logged in) */
    get: operations['getLogout'];
    put?: never;
    /** End the session on the server */
    post: operations['postLogout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who is logged in, whether they are an admin, and whether they may adjudicate */
    get: operations['getApiMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/current_instance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's current instance; also a session check */
    get: operations['getApiCurrentInstance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/spans/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An instance's text with the caller's spans */
    get: operations['getApiSpansInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/display/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the annotator sees of an instance: its layout, display fields, or every field */
    get: operations['getApiDisplayInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/get_annotations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's annotations of an instance, in the shape /updateinstance takes */
    get: operations['getGetAnnotations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/updateinstance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit labels and spans for an instance (a present part replaces the stored one); Potato's {type, schema, state} shape and form posts are merged into what is stored; instance `__phase_page__` keeps the answers of the phase page the caller is on (Potato's consent, training and survey pages) */
    post: operations['postUpdateinstance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/go_to': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move to an instance by id, or to the next, previous or next unannotated one (a form post of Potato's page gives go_to as a 0-based position in the list) */
    post: operations['postGoTo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/annotate/step': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's current instance and the one after it, each with its display, stored answers, highlights and predictions */
    get: operations['getApiAnnotateStep'];
    put?: never;
    /** Save the answers to `from` (when annotations or span_annotations are sent, as /updateinstance does) and move to the instance after it (or before it, with `to: previous`); answers with that instance and the one after */
    post: operations['postApiAnnotateStep'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/annotate/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Undo the caller's latest saving step, which must have saved `instance_id`: its answers go back to what they were before that step (none, if it was the first), and it becomes the current instance. 409 when that is not the latest step, when there is none, or when the answers were changed since by other means (the step is then dropped, answers untouched) */
    post: operations['postApiAnnotateUndo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/links/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's links between spans (span_link, coreference) on an instance */
    get: operations['getApiLinksInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/links/{instance_id}/{link_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes one of the caller's links by id */
    delete: operations['deleteApiLinksInstanceIdLinkId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's events (a trigger span with argument spans) on an instance */
    get: operations['getApiEventsInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events/{instance_id}/{event_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes one of the caller's events by id */
    delete: operations['deleteApiEventsInstanceIdEventId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/schemas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Annotation schemes by name */
    get: operations['getApiSchemas'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/colors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Label colours: schema → label → #rrggbb */
    get: operations['getApiColors'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/keyword_highlights/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Keyword highlights in an instance */
    get: operations['getApiKeywordHighlightsInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Health check: version, uptime, storage and webhook backlog ("healthy" is Potato's word for a healthy server) */
    get: operations['getAdminHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/overview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items, annotations, users and completion rate; Potato's `overview` and `config` objects beside them */
    get: operations['getAdminApiOverview'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/timeline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Annotations and completed items over time, cumulative per minute in the first 90 minutes, then per hour (per day for long projects) */
    get: operations['getAdminApiTimeline'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/annotators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Each annotator with progress and quality-control standing, and Potato's fields for each (timing fields null: not measured) */
    get: operations['getAdminApiAnnotators'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/instances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Instances with their annotation counts, filtered by status and text (q), ordered (order) and paged; Potato's fields, `pagination` and `summary` beside ours, and its `page`, `page_size`, `sort_by`, `sort_order`, `filter_completion` */
    get: operations['getAdminApiInstances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The effective configuration, secrets shown as "***" */
    get: operations['getAdminApiConfig'];
    put?: never;
    /** Change runtime settings; they take effect at once and persist */
    post: operations['postAdminApiConfig'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/quality_control': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Attention-check and gold-standard statistics */
    get: operations['getAdminApiQualityControl'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/user_state/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's per-user state: phase, current instance, assignments and annotations by instance */
    get: operations['getAdminUserStateUserId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/system_state': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's system state: totals, items by annotator count, each user's phase and progress */
    get: operations['getAdminSystemState'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/all_instances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's list of every instance with its text */
    get: operations['getAdminAllInstances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/item_state': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's item state: each instance with its annotators, most annotated first */
    get: operations['getAdminItemState'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/item_state/{item_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's state of one item: its annotators and each one's answers */
    get: operations['getAdminItemStateItemId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/questions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's question panel: each scheme's answers over every annotator and item, summarised by how they are compared */
    get: operations['getAdminApiQuestions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/crowdsourcing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's crowd panel: annotators by platform (from the study link they came by), their progress and visible time */
    get: operations['getAdminApiCrowdsourcing'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/behavioral_analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's behavioral panel: visible time, visits and saved answer changes per annotator, annotators far faster than the project flagged; clicks, scrolling and AI use are not logged (null) */
    get: operations['getAdminApiBehavioralAnalytics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/annotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /annotate page: leads to the UI; a study link signs the worker in first */
    get: operations['getAnnotate'];
    put?: never;
    /** Potato's navigation post (action next_instance, prev_instance, go_to with go_to): moves, then the UI (a form) or the current instance (JSON); on a phase page (or with instance_id `__phase_page__`) next_instance, or a post without an action, sends the page the caller is on, as POST /<phase> does */
    post: operations['postAnnotate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/home': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /home page: leads to the UI */
    get: operations['getHome'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/consent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /consent page: leads to the UI */
    get: operations['getConsent'];
    put?: never;
    /** Potato's consent page sent: completes the current phase as POST /api/phase/complete does; a browser's form is sent back to the UI */
    post: operations['postConsent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/instructions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /instructions page: leads to the UI */
    get: operations['getInstructions'];
    put?: never;
    /** Potato's instructions page sent: completes the current phase as POST /api/phase/complete does; a browser's form is sent back to the UI */
    post: operations['postInstructions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/prestudy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /prestudy page: leads to the UI */
    get: operations['getPrestudy'];
    put?: never;
    /** Potato's prestudy page sent: completes the current phase as POST /api/phase/complete does; a browser's form is sent back to the UI */
    post: operations['postPrestudy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/training': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /training page: leads to the UI */
    get: operations['getTraining'];
    put?: never;
    /** Potato's training page sent: grades the training item the page shows and moves on (completing the phase once enough are right); a browser's form is sent back to the UI */
    post: operations['postTraining'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/poststudy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /poststudy page: leads to the UI */
    get: operations['getPoststudy'];
    put?: never;
    /** Potato's poststudy page sent: completes the current phase as POST /api/phase/complete does; a browser's form is sent back to the UI */
    post: operations['postPoststudy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/done': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /done page: leads to the UI */
    get: operations['getDone'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /progress page: leads to the UI */
    get: operations['getProgress'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's /admin page: leads to the UI */
    get: operations['getAdmin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/study': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How annotators sign in, the page options, and at the end of the list the completion code and where to take it */
    get: operations['getApiStudy'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/phase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's current phase with its content and questions */
    get: operations['getApiPhase'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/phase/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Complete the current phase (with answers where it asks); fires user.phase_completed */
    post: operations['postApiPhaseComplete'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/phase/back': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Go back to the phase before the current one, its answers kept to change (allow_phase_back_navigation; 403 when off) */
    post: operations['postApiPhaseBack'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Desktop app sign-in with a one-time token from the app itself; sets the session cookie and redirects to / */
    get: operations['getAuthToken'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The one-time admin setup link printed on the server's console: a form that sets the admin name's password */
    get: operations['getSetup'];
    put?: never;
    /** Sets an admin name’s password with a one-time setup token (form-encoded or JSON: t, password) and logs in */
    post: operations['postSetup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/users/{username}/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Sets (or resets) a user’s password, admin names included (admin API key or an admin session) */
    put: operations['putAdminApiUsersUsernamePassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Webhook endpoints with delivery statistics (no secrets) */
    get: operations['getAdminApiWebhooks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/webhooks/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Fire a webhook.test event at the named endpoint now */
    post: operations['postAdminApiWebhooksTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/webhooks/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recent webhook deliveries with their attempts, newest first */
    get: operations['getAdminApiWebhooksDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/agreement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Krippendorff's alpha per schema over instances with two or more annotators */
    get: operations['getAdminApiAgreement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/get_ai_suggestion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** AI suggestions for every label, span, triage and binary pairwise schema of an instance (never saved as annotations) */
    get: operations['getGetAiSuggestion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/get_ai_suggestion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's spelling of /get_ai_suggestion */
    get: operations['getApiGetAiSuggestion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ai_assistant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** AI help for one schema of an instance: a hint, the suggested label and the words to look at */
    get: operations['getApiAiAssistant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/ai_stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How often annotators' final labels matched the AI suggestion they were shown */
    get: operations['getAdminApiAiStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/bws_scores': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Best–worst scaling scores per pool item, by counting over every answer */
    get: operations['getAdminApiBwsScores'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add instances to the running project from a file or inline text; 202 with a job to poll, or the finished job with wait */
    post: operations['postAdminApiImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/import/{import_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An import's progress: rows and bytes read, status, the error that stopped it */
    get: operations['getAdminApiImportImportId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/predictions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import pre-annotations (labels and spans from a named source), shown to annotators as suggestions */
    post: operations['postAdminApiPredictions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/predictions/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Pre-annotations of an instance, to show as suggestions (never counted as annotations) */
    get: operations['getApiPredictionsInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Annotations as JSONL, CSV, CoNLL (BIO) or spaCy-style JSON, streamed */
    get: operations['getAdminApiExport'];
    put?: never;
    /** Potato's export API: writes the export into a folder on the server and reports it (success false, with the reason, when there is nothing to export) */
    post: operations['postAdminApiExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/export/formats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The export formats, in Potato's shape */
    get: operations['getAdminApiExportFormats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/*path': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A media file (image, audio, video) from the task's folder, by its path relative to it */
    get: operations['getApiMediaPath'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/instructions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The task's instructions (sanitized HTML) and codebook link */
    get: operations['getApiInstructions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/skip': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Skip an instance (allow_skip; a reason is needed when skip_reason_required); answering it later takes the skip back */
    post: operations['postApiSkip'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/skips': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every skip (annotator, instance, reason, time), in task order; skips are not in the annotation exports */
    get: operations['getAdminApiSkips'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/item_note': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's note and flags on an instance (empty when they have none) */
    get: operations['getApiItemNote'];
    put?: never;
    /** Set the caller's note and flags on an instance (a field left out keeps its value; an empty note without flags removes the record); a newly added flag fires item.flagged */
    post: operations['postApiItemNote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/item_notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Annotators' notes and flags on items, in task order then by annotator; filter by flag, annotator or instance */
    get: operations['getAdminApiItemNotes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's adjudication page: leads an adjudicator to the Adjudicate screen, anyone else to the UI */
    get: operations['getAdjudicate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The adjudication settings the Adjudicate screen follows (error taxonomy, whether confidence and override notes are required) */
    get: operations['getAdjudicateApiConfig'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/queue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items to adjudicate: pending first, lowest agreement first; filterable by status, scheme and agreement */
    get: operations['getAdjudicateApiQueue'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/item/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One item's annotations side by side, its text and data, and the decision if there is one */
    get: operations['getAdjudicateApiItemInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/similar/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's similar items of an item: none, as similarity is not computed here (enabled false, as on a Potato without similarity) */
    get: operations['getAdjudicateApiSimilarInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/next': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The next pending item (lowest agreement first), or item null when none is left */
    get: operations['getAdjudicateApiNext'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record a decision as the item's gold answer, with who decided and why; fires item.adjudicated */
    post: operations['postAdjudicateApiSubmit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/skip/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set an item aside (it stays in the queue as skipped until decided) */
    post: operations['postAdjudicateApiSkipInstanceId'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/adjudicate/api/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Adjudication progress: items queued, decided, pending, skipped; decisions per adjudicator */
    get: operations['getAdjudicateApiStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/adjudication': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Adjudication overview for the dashboard (enabled false when the config does not turn it on) */
    get: operations['getAdminApiAdjudication'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/adjudication/agreement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Each annotator's answers read against the adjudicated gold answers: per scheme, items compared and the share that matched */
    get: operations['getAdminApiAdjudicationAgreement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items whose text or fields, or whose answers (labels, typed values, span texts), hold every word of q, in task order; annotators names whose answers hold any of the words */
    get: operations['getAdminApiSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's items (every item of the task with search.annotator_claim) whose text or fields, or whose answers by the caller, hold every word of q, in task order */
    get: operations['getApiSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/search/claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pulls an item found by search into the caller's list, at its end (search.annotator_claim); an item already there is reported as such */
    post: operations['postApiSearchClaim'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/active_learning': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active learning's state: the schemes it ranks by, the labels it has, how often it has ranked */
    get: operations['getAdminApiActiveLearning'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/annotate/time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Adds visible time on an item (the page counts only while its tab is visible) and, with visit, one visit; answers the caller's totals */
    post: operations['postApiAnnotateTime'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/behavioral_data/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's behavioral data of the caller on an item: visible time and every saved answer change (annotation_changes, a replaced label with its old one); on `__phase_page__`, the changes saved on phase pages with their phase and page */
    get: operations['getApiBehavioralDataInstanceId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/track_annotation_change': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Potato's report of one answer change from its page, saved as that change ({type, schema, state} merged into what is stored, on an item or on __phase_page__), so the trail records it as any save */
    post: operations['postApiTrackAnnotationChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/annotation_history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's annotation history: every saved answer change (of one annotator, on one item, in the last minutes), the latest 100, and counts by kind */
    get: operations['getAdminApiAnnotationHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/suspicious_activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Potato's suspicious-activity read-out: the annotators the time report finds fast (their median time on an item under a quarter of the project's) */
    get: operations['getAdminApiSuspiciousActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api/time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Visible time per annotator and item: each annotator’s median per item, the slowest items, annotators much faster than the project */
    get: operations['getAdminApiTime'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This description of the HTTP API (OpenAPI 3.1) */
    get: operations['getApiOpenapiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'annotation.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An annotator's first non-empty answer on an instance
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'annotation.created';
            timestamp: string;
            task_name: string;
            data: {
              annotator_id: string;
              instance_id: string;
              /** @description schema name → answer (a multiselect answer is an array of labels) */
              annotation: components['schemas']['Answers'];
              span_annotations: ({
                schema: string;
                name: string;
                start: number;
                end: number;
              } & {
                [key: string]: unknown;
              })[];
              submitted_at: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'annotation.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A changed answer (an identical resubmission fires nothing)
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'annotation.updated';
            timestamp: string;
            task_name: string;
            data: {
              annotator_id: string;
              instance_id: string;
              /** @description schema name → answer (a multiselect answer is an array of labels) */
              annotation: components['schemas']['Answers'];
              span_annotations: ({
                schema: string;
                name: string;
                start: number;
                end: number;
              } & {
                [key: string]: unknown;
              })[];
              submitted_at: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'item.fully_annotated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An instance reached its required number of annotators (once per instance)
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'item.fully_annotated';
            timestamp: string;
            task_name: string;
            data: {
              instance_id: string;
              annotator_count: number;
              annotations: ({
                annotator_id: string;
              } & {
                [key: string]: unknown;
              })[];
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'item.adjudicated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An adjudicator's decision on an instance
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'item.adjudicated';
            timestamp: string;
            task_name: string;
            data: {
              instance_id: string;
              adjudicator: string;
              decided_at: string;
              /** @description schema name → answer (a multiselect answer is an array of labels) */
              gold: components['schemas']['Answers'];
              span_annotations: ({
                schema: string;
                name: string;
                start: number;
                end: number;
              } & {
                [key: string]: unknown;
              })[];
              source: string;
              confidence: unknown;
              notes: unknown;
              error_taxonomy: unknown;
              annotators: string[];
              agreement: unknown;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Every instance is fully annotated (once)
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'task.completed';
            timestamp: string;
            task_name: string;
            data: {
              task_name: string;
              total_instances: number;
              total_annotations: number;
              completed_at: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'user.phase_completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An annotator completed a study phase
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'user.phase_completed';
            timestamp: string;
            task_name: string;
            data: {
              annotator_id: string;
              phase: string;
              next_phase: string | null;
              completed_at: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quality.attention_check_failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An annotator failed an attention check
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'quality.attention_check_failed';
            timestamp: string;
            task_name: string;
            data: {
              annotator_id: string;
              instance_id: string;
              failures: number;
              blocked: boolean;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'item.flagged': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An annotator added a flag to an item (editing the note or removing a flag fires nothing)
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'item.flagged';
            timestamp: string;
            task_name: string;
            data: {
              annotator_id: string;
              instance_id: string;
              /** @description all the flags the annotator has on the item now */
              flags: ('unsure' | 'broken' | 'discuss')[];
              /** @description the flags this change added */
              added: ('unsure' | 'broken' | 'discuss')[];
              note: string;
              flagged_at: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sent by POST /admin/api/webhooks/test
     * @description At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description one per delivery, the same on every attempt */
          'webhook-id': string;
          /** @description Unix seconds of the attempt */
          'webhook-timestamp': string;
          /** @description v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret */
          'webhook-signature'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description evt_…; one event sent to two endpoints has one event_id */
            event_id: string;
            /** @constant */
            event_type: 'webhook.test';
            timestamp: string;
            task_name: string;
            data: {
              endpoint: string;
              message: string;
            };
          };
        };
      };
      responses: {
        /** @description delivered; any other answer is a failed attempt, retried on the schedule */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Error: {
      error: string;
    };
    /** @description radio: the answer in exports and imports (the label chosen). In annotations: "<schema>:<label>" → "true" for the label chosen. */
    'Answer.radio': string;
    /** @description multiselect: the answer in exports and imports (the labels ticked). In annotations: "<schema>:<label>" → "true" for each label ticked. */
    'Answer.multiselect': string[];
    /** @description likert: the answer in exports and imports (the label chosen). In annotations: "<schema>:<label>" → "true" for the label chosen. */
    'Answer.likert': string;
    /** @description select: the answer in exports and imports (the label chosen). In annotations: "<schema>:<label>" → "true" for the label chosen. */
    'Answer.select': string;
    /** @description text: the answer in exports and imports (the value of a one-field scheme; field → value when it has several). In annotations: "<schema>:<field>" → the value as text, the field being the label (`text` when the scheme has none). */
    'Answer.text':
      | string
      | {
          [key: string]: string;
        };
    /** @description number: the answer in exports and imports (the value of a one-field scheme; field → value when it has several). In annotations: "<schema>:<field>" → the value as text, the field being the label (`value` when the scheme has none). */
    'Answer.number':
      | string
      | {
          [key: string]: string;
        };
    /** @description slider: the answer in exports and imports (the value of a one-field scheme; field → value when it has several). In annotations: "<schema>:<field>" → the value as text, the field being the label (`value` when the scheme has none). */
    'Answer.slider':
      | string
      | {
          [key: string]: string;
        };
    /** @description span: the answer in exports and imports. In annotations: not in annotations: in span_annotations, [{schema, name, start, end}]; exports list them in spans. */
    'Answer.span': {
      schema: string;
      label: string;
      start: number;
      end: number;
      text: string;
    }[];
    /** @description span_link: the answer in exports and imports. In annotations: not in annotations: in link_annotations, [{schema, link_type, span_ids, direction, properties}] naming spans of span_annotations. */
    'Answer.span_link': ({
      id: string;
      link_type: string;
      /** @description the spans linked, in Potato's span id form <schema>_<label>_<start>_<end>; source first when directed */
      span_ids: string[];
      /** @enum {string} */
      direction: 'directed' | 'undirected';
      properties?: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    })[];
    /** @description coreference: the answer in exports and imports. In annotations: not in annotations: in link_annotations, [{schema, link_type, span_ids, direction, properties}] naming spans of span_annotations. */
    'Answer.coreference': ({
      id: string;
      link_type: string;
      /** @description the spans linked, in Potato's span id form <schema>_<label>_<start>_<end>; source first when directed */
      span_ids: string[];
      /** @enum {string} */
      direction: 'directed' | 'undirected';
      properties?: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    })[];
    /** @description event_annotation: the answer in exports and imports. In annotations: not in annotations: in event_annotations, [{schema, event_type, trigger_span_id, arguments: [{role, span_id}], properties}]. */
    'Answer.event_annotation': ({
      id: string;
      event_type: string;
      trigger_span_id: string;
      arguments: {
        role: string;
        span_id: string;
      }[];
      properties?: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    })[];
    /** @description pairwise: the answer in exports and imports (the choice (binary), the number (scale), or field → value (dimensions, justification)). In annotations: binary: "<schema>:selection" → "A" | "B" | "tie"; scale: "<schema>:scale_value" → a number; multi_dimension: "<schema>:<dimension>" → "A" | "B" | "tie"; "<schema>:justification" → JSON text of {"reasons", "rationale"}. */
    'Answer.pairwise':
      | string
      | number
      | {
          [key: string]: unknown;
        };
    /** @description bws: the answer in exports and imports (position letters of the tuple). In annotations: "<schema>:best" and "<schema>:worst" → a position letter A.. of the tuple (the two differ). */
    'Answer.bws': {
      best?: string;
      worst?: string;
    };
    /** @description ranking: the answer in exports and imports (items best first; tied items in an inner array). In annotations: "<schema>:rank_order" → the items best first, joined by "," (tied items by "="). */
    'Answer.ranking': (string | string[])[];
    /**
     * @description triage: the answer in exports and imports. In annotations: "<schema>:decision" → "accept" | "reject" | "skip".
     * @enum {string}
     */
    'Answer.triage': 'accept' | 'reject' | 'skip';
    /** @description text_edit: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"edited_text", "original_text"}; the server adds the distances. */
    'Answer.text_edit': {
      edited_text: string;
      original_text: string;
      edit_distance_chars: number | null;
      edit_distance_words: number;
    };
    /** @description extractive_qa: the answer in exports and imports (offsets into the passage; unanswerable: true with an empty answer_text). In annotations: "<schema>:<schema>" → the object as JSON text; read back in its canonical form. */
    'Answer.extractive_qa': {
      answer_text: string;
      start: number;
      end: number;
      unanswerable: boolean;
    };
    /** @description error_span: the answer in exports and imports. In annotations: "<schema>:<schema>" → the object as JSON text; read back in its canonical form. */
    'Answer.error_span': {
      errors: ({
        start: number;
        end: number;
        text: string;
        type: string;
        subtype?: string;
        severity: string;
      } & {
        [key: string]: unknown;
      })[];
      /** @description max_score less the severities' penalties, never below 0 */
      score: number;
    };
    /** @description card_sort: the answer in exports and imports (group → its cards). In annotations: "<schema>:<schema>" → JSON text of {"<group>": ["<card>", …]}. */
    'Answer.card_sort': {
      [key: string]: string[];
    };
    /** @description conjoint: the answer in exports and imports. In annotations: "<schema>:<schema>" → the profile number ("2") or "none", or JSON text of {"chosen_profile", "profiles"}. */
    'Answer.conjoint': {
      chosen_profile: number | 'none';
      profiles?: {
        [key: string]: unknown;
      }[];
    };
    /** @description tree_annotation: the answer in exports and imports. In annotations: "<schema>:node_annotations" → JSON text of {"<node id>": <the node scheme's answer>}; "<schema>:selected_path" → JSON text of ["<node id>", …]. */
    'Answer.tree_annotation': {
      node_annotations?: {
        [key: string]: unknown;
      };
      selected_path?: string[];
    };
    /** @description multirate: the answer in exports and imports (option → scale label). In annotations: "<schema>:<option>" → the scale label given to that option, one key per option. */
    'Answer.multirate': {
      [key: string]: string;
    };
    /** @description hierarchical_multiselect: the answer in exports and imports (taxonomy labels, in the order chosen). In annotations: "<schema>:selected_labels" → the taxonomy labels chosen, joined by ",". */
    'Answer.hierarchical_multiselect': string[];
    /** @description soft_label: the answer in exports and imports (label → share). In annotations: "<schema>:<label>" → that label's share as text, one key per label; the shares sum to total. */
    'Answer.soft_label': {
      [key: string]: string;
    };
    /** @description constant_sum: the answer in exports and imports (label → share). In annotations: "<schema>:<label>" → that label's share as text, one key per label; the shares sum to total_points. */
    'Answer.constant_sum': {
      [key: string]: string;
    };
    /** @description vas: the answer in exports and imports (the number, as text). In annotations: "<schema>:<schema>" → the number as text. */
    'Answer.vas': string;
    /** @description range_slider: the answer in exports and imports. In annotations: "<schema>:range_low" and "<schema>:range_high" → numbers as text, low ≤ high. */
    'Answer.range_slider': {
      range_low: string;
      range_high: string;
    };
    /** @description semantic_differential: the answer in exports and imports (pair → point). In annotations: "<schema>:<left>__<right>" → the point 1..scale_points, one key per pair. */
    'Answer.semantic_differential': {
      [key: string]: string;
    };
    /** @description confidence: the answer in exports and imports (the point or the slider value). In annotations: likert: "<schema>:<point>" → the point ("3"); slider: "<schema>:confidence_level" → the value. */
    'Answer.confidence': string;
    /** @description pure_display: the answer in exports and imports. In annotations: never answered: a key of it is refused. */
    'Answer.pure_display': null;
    /** @description multi_document_event: the answer in exports and imports. In annotations: "<schema>:<schema>" → the object as JSON text; read back in its canonical form. */
    'Answer.multi_document_event': {
      events: {
        /** @description one id on several documents is one event */
        event_id: string;
        title?: string;
        slot_values: {
          [key: string]: string;
        };
        evidence: ({
          slot_name: string;
          span_start: number;
          span_end: number;
          quoted_text?: string;
        } & {
          [key: string]: unknown;
        })[];
      }[];
    };
    /** @description process_reward: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"mode", "steps": [{"index", "reward"}]}; unmarked steps are left out. */
    'Answer.process_reward': {
      /** @enum {string} */
      mode: 'first_error' | 'per_step';
      steps: {
        /** @description the step, numbered from 0 */
        index: number;
        /** @description 1 correct, -1 incorrect, 0 neutral */
        reward: 1 | 0 | -1;
      }[];
    };
    /** @description consensus_tracking: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"turn", "act", "ref"?, "agent_id"}], one entry per tagged turn. */
    'Answer.consensus_tracking': {
      /** @description the turn, numbered from 0 */
      turn: number;
      act: string;
      /** @description the turn this one answers (linked acts only) */
      ref?: number;
      /** @description who spoke the turn, as the item names them */
      agent_id: string;
    }[];
    /** @description trajectory_eval: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"steps": [{"step_index", "correctness", "error_type"?, "error_subtype"?, "severity"?, "rationale"?}], "score"}; the server works the score out. */
    'Answer.trajectory_eval': {
      steps: {
        /** @description the step, numbered from 0 */
        step_index: number;
        correctness: string;
        error_type?: string;
        error_subtype?: string;
        severity?: string;
        rationale?: string;
      }[];
      /** @description max_score less the severities' weights, at least 0 */
      score: number;
    };
    /** @description trajectory_edit: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"steps": [{"step_index", "field", "original_text", "edited_text", "reason"?}], "final_answer"}; the server adds the flags and distances. */
    'Answer.trajectory_edit': {
      steps: {
        /** @description the step, numbered from 0 */
        step_index: number;
        field: string;
        original_text: string;
        edited_text: string;
        edited: boolean;
        edit_distance_chars: number;
        edit_distance_words: number;
        reason?: string;
      }[];
      final_answer: {
        original_text: string;
        edited_text: string;
        edited: boolean;
        edit_distance_chars: number;
        edit_distance_words: number;
        reason?: string;
      } | null;
      n_steps_edited: number;
      total_edit_distance: number;
    };
    /** @description failure_attribution: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"responsible_agent", "decisive_step", "reason"}. */
    'Answer.failure_attribution': {
      /** @description the agent responsible, as the trace names it ("" when not chosen) */
      responsible_agent: string;
      /** @description the decisive step, numbered from 0 */
      decisive_step: number | null;
      reason: string;
    };
    /** @description gui_trajectory: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"index", "verdict", "notes"}], one entry per step judged. */
    'Answer.gui_trajectory': {
      /** @description the step, numbered from 0 */
      index: number;
      /** @description the step's action: one of verdict_options, or "" with notes only */
      verdict: string;
      notes: string;
    }[];
    /** @description multimodal_reasoning: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"index", "verdict", "notes"}], one entry per step judged. */
    'Answer.multimodal_reasoning': {
      /** @description the step, numbered from 0 */
      index: number;
      /** @description the reasoning step: one of verdict_options, or "" with notes only */
      verdict: string;
      notes: string;
    }[];
    /** @description tool_call_review: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"index", "verdict", "notes"}], one entry per tool call judged. */
    'Answer.tool_call_review': {
      /** @description the tool call, numbered from 0 */
      index: number;
      /** @description the tool call: one of verdict_options, or "" with notes only */
      verdict: string;
      notes: string;
    }[];
    /** @description code_review: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"verdict": option or "", "comments": [{"category", "file", "line", "text"}], "file_ratings": {file: {dimension: score}}}. */
    'Answer.code_review': {
      /** @description one of verdict_options, or "" when not given */
      verdict: string;
      /** @description the review comments, in the order written */
      comments: {
        /** @description one of comment_categories */
        category: string;
        /** @description the file the comment is about, or "" */
        file: string;
        /** @description the line it is about, from 1, or null */
        line: number | null;
        text: string;
      }[];
      /** @description each file's score per dimension */
      file_ratings: {
        [key: string]: {
          [key: string]: number;
        };
      };
    };
    /** @description context_attribution: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"turn", "act", "ref"?, "agent_id"}], one entry per tagged turn. */
    'Answer.context_attribution': {
      /** @description the turn, numbered from 0 */
      turn: number;
      act: string;
      /** @description the turn this one answers (linked acts only) */
      ref?: number;
      /** @description who spoke the turn, as the item names them */
      agent_id: string;
    }[];
    /** @description handoff_review: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of [{"index", "step", "from", "to", "flags", "quality"}], one entry per handoff judged. */
    'Answer.handoff_review': {
      /** @description the handoff, numbered from 0 in trace order */
      index: number;
      /** @description the step taking over */
      step?: number;
      from?: string;
      to?: string;
      /** @description misalignment flags, from the scheme's flags */
      flags: string[];
      /** @description 1 to quality_scale */
      quality: number | null;
    }[];
    /** @description emergent_behavior: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {behavior: {"turns": [turn, …], "note"}}, only behaviors marked. */
    'Answer.emergent_behavior': {
      [key: string]: {
        /** @description the turns taking part, numbered from 0 */
        turns: number[];
        note: string;
      };
    };
    /** @description agent_scorecard: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"agents": {agent: {dimension: score}}, "team": {dimension: score}, "milestones": {milestone: true|false}}. */
    'Answer.agent_scorecard': {
      /** @description each agent's score (1 to scale) per agent dimension */
      agents: {
        [key: string]: {
          [key: string]: number;
        };
      };
      /** @description the team's score per team dimension */
      team: {
        [key: string]: number;
      };
      /** @description whether the run reached each milestone */
      milestones: {
        [key: string]: boolean;
      };
    };
    /** @description tool_contention: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"contentions": {region: label}}, one entry per region classified. */
    'Answer.tool_contention': {
      contentions: {
        [key: string]: string;
      };
    };
    /** @description agent_interaction_graph: the answer in exports and imports. In annotations: "<schema>:<schema>" → JSON text of {"critical_nodes": [agent, …], "edges": {"A->B": "critical"|"problematic"}}. */
    'Answer.agent_interaction_graph': {
      /** @description the agents on the critical path */
      critical_nodes: string[];
      /** @description the flagged edges; an edge left out is normal */
      edges: {
        [key: string]: 'critical' | 'problematic';
      };
    };
    /** @description scheme name → its answer, shaped by the scheme's type (one of the Answer.<type> schemas); schemes without an answer are left out */
    Answers: {
      [key: string]:
        | components['schemas']['Answer.radio']
        | components['schemas']['Answer.multiselect']
        | components['schemas']['Answer.likert']
        | components['schemas']['Answer.select']
        | components['schemas']['Answer.text']
        | components['schemas']['Answer.number']
        | components['schemas']['Answer.slider']
        | components['schemas']['Answer.span_link']
        | components['schemas']['Answer.coreference']
        | components['schemas']['Answer.event_annotation']
        | components['schemas']['Answer.pairwise']
        | components['schemas']['Answer.bws']
        | components['schemas']['Answer.ranking']
        | components['schemas']['Answer.triage']
        | components['schemas']['Answer.text_edit']
        | components['schemas']['Answer.extractive_qa']
        | components['schemas']['Answer.error_span']
        | components['schemas']['Answer.card_sort']
        | components['schemas']['Answer.conjoint']
        | components['schemas']['Answer.tree_annotation']
        | components['schemas']['Answer.multirate']
        | components['schemas']['Answer.hierarchical_multiselect']
        | components['schemas']['Answer.soft_label']
        | components['schemas']['Answer.constant_sum']
        | components['schemas']['Answer.vas']
        | components['schemas']['Answer.range_slider']
        | components['schemas']['Answer.semantic_differential']
        | components['schemas']['Answer.confidence']
        | components['schemas']['Answer.multi_document_event']
        | components['schemas']['Answer.process_reward']
        | components['schemas']['Answer.consensus_tracking']
        | components['schemas']['Answer.trajectory_eval']
        | components['schemas']['Answer.trajectory_edit']
        | components['schemas']['Answer.failure_attribution']
        | components['schemas']['Answer.gui_trajectory']
        | components['schemas']['Answer.multimodal_reasoning']
        | components['schemas']['Answer.tool_call_review']
        | components['schemas']['Answer.code_review']
        | components['schemas']['Answer.context_attribution']
        | components['schemas']['Answer.handoff_review']
        | components['schemas']['Answer.emergent_behavior']
        | components['schemas']['Answer.agent_scorecard']
        | components['schemas']['Answer.tool_contention']
        | components['schemas']['Answer.agent_interaction_graph'];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAuth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          username?: string;
          email?: string;
          password?: string;
          pass?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            username: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          username?: string;
          email?: string;
          password?: string;
          pass?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            username: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRegister: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postRegister: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          username?: string;
          email?: string;
          password?: string;
          pass?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            username: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            username: string;
            is_admin: boolean;
            /** @description adjudication is on and the user is an adjudicator or an admin user */
            is_adjudicator: boolean;
            task_name: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiCurrentInstance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            current_index: number;
            total_instances: number;
            annotated_count: number;
            text: string;
            data: {
              [key: string]: unknown;
            };
            annotated: boolean;
            /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
            progress: {
              /** @description task instances the caller has annotated */
              done: number;
              /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
              expected: number;
              /** @description expected − done */
              left: number;
              /** @description max_annotations_per_user, when set */
              quota: number | null;
              /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
              positions: number;
            };
            /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
            display: {
              /** @enum {string} */
              source: 'html_layout' | 'instance_display' | 'fields';
              /** @enum {string} */
              direction: 'vertical' | 'horizontal';
              blocks: (
                | {
                    /** @constant */
                    type: 'surface';
                    key?: string;
                    label?: string;
                  }
                | {
                    /** @constant */
                    type: 'text';
                    key?: string;
                    label?: string;
                    text: string;
                  }
                | {
                    /** @constant */
                    type: 'absent';
                    key?: string;
                    label?: string;
                  }
                | {
                    /** @constant */
                    type: 'html';
                    key?: string;
                    label?: string;
                    /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                    html: string;
                  }
                | {
                    /** @constant */
                    type: 'list';
                    key?: string;
                    label?: string;
                    items: string[];
                    /** @enum {string} */
                    prefix: 'alphabet' | 'number' | 'none';
                    horizontal: boolean;
                  }
                | {
                    /** @constant */
                    type: 'dialogue';
                    key?: string;
                    label?: string;
                    turns: {
                      speaker?: string;
                      text: string;
                    }[];
                  }
                | {
                    /** @constant */
                    type: 'pairwise';
                    key?: string;
                    label?: string;
                    items: {
                      label: string;
                      text: string;
                    }[];
                  }
                | {
                    /** @constant */
                    type: 'code';
                    key?: string;
                    label?: string;
                    text: string;
                    language?: string;
                  }
                | {
                    /** @enum {string} */
                    type: 'image' | 'audio' | 'video';
                    key?: string;
                    label?: string;
                    /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                    src?: string;
                    remote?: boolean;
                    /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                    refused?: string;
                  }
              )[];
            };
            /** @description with allow_skip: skipping, kept apart from answers */
            skip?: {
              /** @description allow_skip (always true when present) */
              allowed: boolean;
              /** @description skip_reason_required */
              reason_required: boolean;
              /** @description the caller skipped this instance */
              skipped: boolean;
              reason: string | null;
              /** @description instances the caller skipped and has not answered since */
              skipped_count: number;
            };
            /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
            required?: string[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiSpansInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            text: string;
            spans: {
              id: string;
              schema: string;
              label: string;
              start: number;
              end: number;
              text: string;
              color: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiDisplayInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            source: 'html_layout' | 'instance_display' | 'fields';
            /** @enum {string} */
            direction: 'vertical' | 'horizontal';
            blocks: (
              | {
                  /** @constant */
                  type: 'surface';
                  key?: string;
                  label?: string;
                }
              | {
                  /** @constant */
                  type: 'text';
                  key?: string;
                  label?: string;
                  text: string;
                }
              | {
                  /** @constant */
                  type: 'absent';
                  key?: string;
                  label?: string;
                }
              | {
                  /** @constant */
                  type: 'html';
                  key?: string;
                  label?: string;
                  /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                  html: string;
                }
              | {
                  /** @constant */
                  type: 'list';
                  key?: string;
                  label?: string;
                  items: string[];
                  /** @enum {string} */
                  prefix: 'alphabet' | 'number' | 'none';
                  horizontal: boolean;
                }
              | {
                  /** @constant */
                  type: 'dialogue';
                  key?: string;
                  label?: string;
                  turns: {
                    speaker?: string;
                    text: string;
                  }[];
                }
              | {
                  /** @constant */
                  type: 'pairwise';
                  key?: string;
                  label?: string;
                  items: {
                    label: string;
                    text: string;
                  }[];
                }
              | {
                  /** @constant */
                  type: 'code';
                  key?: string;
                  label?: string;
                  text: string;
                  language?: string;
                }
              | {
                  /** @enum {string} */
                  type: 'image' | 'audio' | 'video';
                  key?: string;
                  label?: string;
                  /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                  src?: string;
                  remote?: boolean;
                  /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                  refused?: string;
                }
            )[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getGetAnnotations: {
    parameters: {
      query: {
        instance_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
            annotations: {
              [key: string]: string;
            };
            span_annotations: {
              id?: string;
              schema: string;
              name: string;
              start: number;
              end: number;
              value?: string;
              text: string;
            }[];
            updated_at: string | null;
            /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
            link_annotations?: {
              id?: string;
              schema: string;
              link_type: string;
              span_ids: string[];
              /** @enum {string} */
              direction?: 'directed' | 'undirected';
              properties?: {
                [key: string]: unknown;
              };
            }[];
            /** @description in a task with link or event schemes: events over spans (event_annotation) */
            event_annotations?: {
              id?: string;
              schema: string;
              event_type: string;
              trigger_span_id: string;
              arguments?: {
                role: string;
                span_id: string;
              }[];
              properties?: {
                [key: string]: unknown;
              };
            }[];
            /** @description Potato's read-out of the same answers: the labels chosen in each schema */
            label_annotations: {
              [key: string]: string[];
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postUpdateinstance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              instance_id: string;
              /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
              annotations?: {
                [key: string]: string | number | boolean;
              };
              span_annotations?: {
                schema: string;
                name: string;
                start: number;
                end: number;
                value?: string;
                id?: string;
              }[];
              link_annotations?: {
                id?: string;
                schema: string;
                link_type: string;
                span_ids: string[];
                /** @enum {string} */
                direction?: 'directed' | 'undirected';
                properties?: {
                  [key: string]: unknown;
                };
              }[];
              event_annotations?: {
                id?: string;
                schema: string;
                event_type: string;
                trigger_span_id: string;
                arguments?: {
                  role: string;
                  span_id: string;
                }[];
                properties?: {
                  [key: string]: unknown;
                };
              }[];
            }
          | {
              instance_id: string | number;
              type: string;
              schema: string;
              state: {
                name: string;
                value?: string | number | boolean | null;
                start?: number | string;
                end?: number | string;
                id?: string;
                span_id?: string;
              }[];
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            processing_time_ms: number;
            qc_result?: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postGoTo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              go_to: string;
            }
          | {
              /** @enum {string} */
              action: 'next_instance' | 'prev_instance' | 'jump_to_unannotated';
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            current_index: number;
            total_instances: number;
            annotated_count: number;
            text: string;
            data: {
              [key: string]: unknown;
            };
            annotated: boolean;
            /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
            progress: {
              /** @description task instances the caller has annotated */
              done: number;
              /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
              expected: number;
              /** @description expected − done */
              left: number;
              /** @description max_annotations_per_user, when set */
              quota: number | null;
              /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
              positions: number;
            };
            /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
            display: {
              /** @enum {string} */
              source: 'html_layout' | 'instance_display' | 'fields';
              /** @enum {string} */
              direction: 'vertical' | 'horizontal';
              blocks: (
                | {
                    /** @constant */
                    type: 'surface';
                    key?: string;
                    label?: string;
                  }
                | {
                    /** @constant */
                    type: 'text';
                    key?: string;
                    label?: string;
                    text: string;
                  }
                | {
                    /** @constant */
                    type: 'absent';
                    key?: string;
                    label?: string;
                  }
                | {
                    /** @constant */
                    type: 'html';
                    key?: string;
                    label?: string;
                    /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                    html: string;
                  }
                | {
                    /** @constant */
                    type: 'list';
                    key?: string;
                    label?: string;
                    items: string[];
                    /** @enum {string} */
                    prefix: 'alphabet' | 'number' | 'none';
                    horizontal: boolean;
                  }
                | {
                    /** @constant */
                    type: 'dialogue';
                    key?: string;
                    label?: string;
                    turns: {
                      speaker?: string;
                      text: string;
                    }[];
                  }
                | {
                    /** @constant */
                    type: 'pairwise';
                    key?: string;
                    label?: string;
                    items: {
                      label: string;
                      text: string;
                    }[];
                  }
                | {
                    /** @constant */
                    type: 'code';
                    key?: string;
                    label?: string;
                    text: string;
                    language?: string;
                  }
                | {
                    /** @enum {string} */
                    type: 'image' | 'audio' | 'video';
                    key?: string;
                    label?: string;
                    /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                    src?: string;
                    remote?: boolean;
                    /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                    refused?: string;
                  }
              )[];
            };
            /** @description with allow_skip: skipping, kept apart from answers */
            skip?: {
              /** @description allow_skip (always true when present) */
              allowed: boolean;
              /** @description skip_reason_required */
              reason_required: boolean;
              /** @description the caller skipped this instance */
              skipped: boolean;
              reason: string | null;
              /** @description instances the caller skipped and has not answered since */
              skipped_count: number;
            };
            /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
            required?: string[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiAnnotateStep: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description what /updateinstance answers for the saved instance; null when nothing was sent */
            result: {
              /** @constant */
              status: 'success';
              processing_time_ms: number;
              qc_result?: {
                [key: string]: unknown;
              };
            } | null;
            current: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            };
            /** @description the instance after `current` in the list, to show without asking; null at the end */
            next: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            } | null;
            /** @description the instance the caller's latest saving step saved, which POST /api/annotate/undo takes back; null when there is none */
            undo: string | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiAnnotateStep: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
          annotations?: {
            [key: string]: string | number | boolean;
          };
          span_annotations?: {
            schema: string;
            name: string;
            start: number;
            end: number;
            value?: string;
            id?: string;
          }[];
          link_annotations?: {
            id?: string;
            schema: string;
            link_type: string;
            span_ids: string[];
            /** @enum {string} */
            direction?: 'directed' | 'undirected';
            properties?: {
              [key: string]: unknown;
            };
          }[];
          event_annotations?: {
            id?: string;
            schema: string;
            event_type: string;
            trigger_span_id: string;
            arguments?: {
              role: string;
              span_id: string;
            }[];
            properties?: {
              [key: string]: unknown;
            };
          }[];
          /** @description the instance being left; the step moves to the one after it (or before it, with `to`), so sending it twice lands on the same instance */
          from: string;
          /**
           * @description `previous` moves to the instance before `from` instead of the one after it (default `next`)
           * @enum {string}
           */
          to?: 'next' | 'previous';
          /** @description the page's visible time on `from` since its last report (and `visit` when it opened it), added as POST /api/annotate/time adds it, so leaving an item takes no second request; kept even when the answers are refused; with `report_id`, a step sent again adds its time once; quality-check items keep no time */
          time?: {
            visible_ms: number;
            /** @default false */
            visit?: boolean;
            /** @description the page's id for this report: a report (or a step) sent again with an id the item's row already holds adds nothing */
            report_id?: string;
          };
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description what /updateinstance answers for the saved instance; null when nothing was sent */
            result: {
              /** @constant */
              status: 'success';
              processing_time_ms: number;
              qc_result?: {
                [key: string]: unknown;
              };
            } | null;
            current: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            };
            /** @description the instance after `current` in the list, to show without asking; null at the end */
            next: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            } | null;
            /** @description the instance the caller's latest saving step saved, which POST /api/annotate/undo takes back; null when there is none */
            undo: string | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiAnnotateUndo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the instance the step to undo saved (`undo` of the last step answer) */
          instance_id: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description what /updateinstance answers for the saved instance; null when nothing was sent */
            result: {
              /** @constant */
              status: 'success';
              processing_time_ms: number;
              qc_result?: {
                [key: string]: unknown;
              };
            } | null;
            current: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            };
            /** @description the instance after `current` in the list, to show without asking; null at the end */
            next: {
              instance_id: string;
              current_index: number;
              total_instances: number;
              annotated_count: number;
              text: string;
              data: {
                [key: string]: unknown;
              };
              annotated: boolean;
              /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
              progress: {
                /** @description task instances the caller has annotated */
                done: number;
                /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                expected: number;
                /** @description expected − done */
                left: number;
                /** @description max_annotations_per_user, when set */
                quota: number | null;
                /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                positions: number;
              };
              /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
              display: {
                /** @enum {string} */
                source: 'html_layout' | 'instance_display' | 'fields';
                /** @enum {string} */
                direction: 'vertical' | 'horizontal';
                blocks: (
                  | {
                      /** @constant */
                      type: 'surface';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'text';
                      key?: string;
                      label?: string;
                      text: string;
                    }
                  | {
                      /** @constant */
                      type: 'absent';
                      key?: string;
                      label?: string;
                    }
                  | {
                      /** @constant */
                      type: 'html';
                      key?: string;
                      label?: string;
                      /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                      html: string;
                    }
                  | {
                      /** @constant */
                      type: 'list';
                      key?: string;
                      label?: string;
                      items: string[];
                      /** @enum {string} */
                      prefix: 'alphabet' | 'number' | 'none';
                      horizontal: boolean;
                    }
                  | {
                      /** @constant */
                      type: 'dialogue';
                      key?: string;
                      label?: string;
                      turns: {
                        speaker?: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'pairwise';
                      key?: string;
                      label?: string;
                      items: {
                        label: string;
                        text: string;
                      }[];
                    }
                  | {
                      /** @constant */
                      type: 'code';
                      key?: string;
                      label?: string;
                      text: string;
                      language?: string;
                    }
                  | {
                      /** @enum {string} */
                      type: 'image' | 'audio' | 'video';
                      key?: string;
                      label?: string;
                      /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                      src?: string;
                      remote?: boolean;
                      /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                      refused?: string;
                    }
                )[];
              };
              /** @description with allow_skip: skipping, kept apart from answers */
              skip?: {
                /** @description allow_skip (always true when present) */
                allowed: boolean;
                /** @description skip_reason_required */
                reason_required: boolean;
                /** @description the caller skipped this instance */
                skipped: boolean;
                reason: string | null;
                /** @description instances the caller skipped and has not answered since */
                skipped_count: number;
              };
              /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
              required?: string[];
              /** @description the caller's answers, as GET /get_annotations gives them */
              stored: {
                instance_id: string;
                /** @description "<schema>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored) */
                annotations: {
                  [key: string]: string;
                };
                span_annotations: {
                  id?: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value?: string;
                  text: string;
                }[];
                updated_at: string | null;
                /** @description in a task with link or event schemes: links between spans (span_link, coreference) */
                link_annotations?: {
                  id?: string;
                  schema: string;
                  link_type: string;
                  span_ids: string[];
                  /** @enum {string} */
                  direction?: 'directed' | 'undirected';
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
                /** @description in a task with link or event schemes: events over spans (event_annotation) */
                event_annotations?: {
                  id?: string;
                  schema: string;
                  event_type: string;
                  trigger_span_id: string;
                  arguments?: {
                    role: string;
                    span_id: string;
                  }[];
                  properties?: {
                    [key: string]: unknown;
                  };
                }[];
              };
              /** @description as GET /api/keyword_highlights/{instance_id} gives them */
              keywords: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
                color: string;
              }[];
              /** @description as GET /api/predictions/{instance_id} gives them */
              predictions: {
                source: string;
                labels: components['schemas']['Answers'];
                spans: {
                  schema: string;
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
                created_at: string;
              }[];
              /** @description the caller's note and flags, as GET /api/item_note gives them */
              note: {
                instance_id: string;
                annotator: string;
                /** @description empty when only flags were set */
                note: string;
                flags: ('unsure' | 'broken' | 'discuss')[];
                /** @description null when the annotator has no note or flag on the item */
                updated_at: string | null;
              };
            } | null;
            /** @description the instance the caller's latest saving step saved, which POST /api/annotate/undo takes back; null when there is none */
            undo: string | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiLinksInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            instance_id: string;
            links: {
              id?: string;
              schema: string;
              link_type: string;
              span_ids: string[];
              /** @enum {string} */
              direction?: 'directed' | 'undirected';
              properties?: {
                [key: string]: unknown;
              };
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteApiLinksInstanceIdLinkId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
        link_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            message: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiEventsInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            instance_id: string;
            events: {
              id?: string;
              schema: string;
              event_type: string;
              trigger_span_id: string;
              arguments?: {
                role: string;
                span_id: string;
              }[];
              properties?: {
                [key: string]: unknown;
              };
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteApiEventsInstanceIdEventId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            message: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiSchemas: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: {
              name: string;
              /** @description a registered scheme type */
              annotation_type: string;
              description: string;
              labels: {
                name: string;
                tooltip?: string;
                key_value?: string;
                color?: string;
              }[];
              min?: number;
              max?: number;
              step?: number;
              starting_value?: number;
              min_label?: string;
              max_label?: string;
              size?: number;
              sequential_key_binding?: boolean;
              /** @description the title shown instead of the name */
              displayed_name?: string;
              /** @description true: labels in one row; false: one under another; unset: as they fit */
              horizontal?: boolean;
              /** @description true: an answer is needed before moving on; a list: these labels must be chosen */
              required?: true | string[];
              /** @description Potato's display_logic: shown only while the answers satisfy it; hidden, it is not asked or kept */
              display_logic?: {
                show_when: {
                  /** @description the scheme (or question id) whose answer is read */
                  schema: string;
                  /** @enum {string} */
                  operator:
                    | 'equals'
                    | 'not_equals'
                    | 'contains'
                    | 'not_contains'
                    | 'matches'
                    | 'gt'
                    | 'gte'
                    | 'lt'
                    | 'lte'
                    | 'in_range'
                    | 'not_in_range'
                    | 'empty'
                    | 'not_empty'
                    | 'length_gt'
                    | 'length_lt'
                    | 'length_in_range';
                  /** @description one value or several (equals/contains: any of them); [min, max] for the range operators */
                  value?: (string | number | boolean) | (string | number | boolean)[];
                  case_sensitive?: boolean;
                }[];
                /** @enum {string} */
                logic: 'all' | 'any';
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiColors: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: {
              [key: string]: string;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiKeywordHighlightsInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            keywords: {
              schema: string;
              label: string;
              start: number;
              end: number;
              text: string;
              color: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'healthy';
            /** @description the server clock, ISO 8601 */
            timestamp: string;
            version: string;
            uptime_seconds: number;
            /** @constant */
            storage: 'ok';
            pending_webhook_retries: number;
            /** @description Potato's field: its state managers, always available here */
            managers: {
              /** @constant */
              user_state_manager: 'available';
              /** @constant */
              item_state_manager: 'available';
            };
            config: {
              debug_mode: boolean;
              annotation_task_name: string;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiOverview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total_items: number;
            total_annotations: number;
            total_users: number;
            /** @description share of items with every annotation they need, 0..1 */
            completion_rate: number;
            completed_items: number;
            /** @description annotator → instances annotated */
            per_annotator: {
              [key: string]: number;
            };
            /** @description Potato's `overview` object */
            overview: {
              [key: string]: unknown;
            };
            /** @description Potato's `config` object */
            config: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiTimeline: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            bucket: 'minute' | 'hour' | 'day';
            points: {
              time: string;
              annotations: number;
              completed_items: number;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAnnotators: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            annotators: ({
              username: string;
              assigned: number;
              annotated: number;
              completion_rate: number;
              last_activity: string | null;
              attention_checks: {
                passed: number;
                failed: number;
              };
              gold_accuracy: number | null;
              blocked: boolean;
            } & {
              [key: string]: unknown;
            })[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiInstances: {
    parameters: {
      query?: {
        status?: 'completed' | 'in_progress' | 'unannotated';
        /** @description keeps the instances whose id or text contains this, in any case */
        q?: string;
        /** @description the task's order, by id or by number of annotations; a leading - reverses */
        order?: 'task' | 'id' | '-id' | 'annotations' | '-annotations';
        limit?: number;
        offset?: number;
        page?: number;
        page_size?: number;
        sort_by?: 'annotation_count' | 'completion_percentage' | 'disagreement' | 'id' | 'average_time';
        sort_order?: 'asc' | 'desc';
        filter_completion?: 'completed' | 'incomplete' | 'all';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description instances matching the filter */
            total: number;
            instances: ({
              instance_id: string;
              text_preview: string;
              annotation_count: number;
              required_count: number;
              /** @enum {string} */
              status: 'completed' | 'in_progress' | 'unannotated';
              annotators: string[];
            } & {
              [key: string]: unknown;
            })[];
            /** @description Potato's `pagination` */
            pagination: {
              [key: string]: unknown;
            };
            /** @description Potato's `summary` */
            summary: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdminApiConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            /** @description the settings changed, in their config spelling */
            updated: string[];
            /** @description Potato's field: the names as they were sent */
            updated_fields: string[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiQualityControl: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            attention_checks: {
              enabled: boolean;
              passed: number;
              failed: number;
              by_annotator: {
                [key: string]: {
                  passed: number;
                  failed: number;
                  warning: boolean;
                  blocked: boolean;
                };
              };
            };
            gold_standards: {
              enabled: boolean;
              answered: number;
              correct: number;
              accuracy: number | null;
              by_annotator: {
                [key: string]: {
                  answered: number;
                  correct: number;
                  accuracy: number | null;
                };
              };
              by_instance: {
                [key: string]: {
                  answered: number;
                  correct: number;
                  accuracy: number | null;
                };
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminUserStateUserId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user_id: string;
            /** @description UserPhase.ANNOTATION, UserPhase.CONSENT, …, UserPhase.DONE */
            phase: string;
            current_instance: {
              id: string;
              text: string;
              displayed_text: string;
            } | null;
            max_assignments: number | null;
            assignments: {
              total: number;
              annotated: number;
              remaining: number;
              items: {
                id: string;
                text: string;
                displayed_text: string;
                has_annotation: boolean;
              }[];
            };
            annotations: {
              total_count: number;
              by_instance: {
                [key: string]: {
                  [key: string]: string;
                };
              };
            };
            hints: {
              cached_hints: string[];
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminSystemState: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            system_state: {
              total_users: number;
              total_items: number;
              total_annotations: number;
              items_with_annotations: number;
              /** @description annotator count → number of items with that many */
              items_by_annotator_count: {
                [key: string]: number;
              };
            };
            users: {
              [key: string]: {
                /** @description UserPhase.ANNOTATION, UserPhase.CONSENT, …, UserPhase.DONE */
                phase: string;
                annotations_count: number;
                has_assignments: boolean;
                remaining_assignments: boolean;
              };
            };
            config: {
              debug_mode: boolean;
              annotation_task_name: string;
              max_annotations_per_user: number | 'Unlimited';
              annotation_schemes: unknown;
              ui: unknown;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminAllInstances: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total_items: number;
            items: {
              id: string;
              text: string;
              displayed_text: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminItemState: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total_items: number;
            items: {
              id: string;
              text: string;
              displayed_text: string;
              annotators: string[];
              annotation_count: number;
            }[];
            summary: {
              items_with_annotations: number;
              items_without_annotations: number;
              average_annotations_per_item: number;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminItemStateItemId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        item_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            item_id: string;
            text: string;
            displayed_text: string;
            annotators: string[];
            annotation_count: number;
            /** @description annotator → that annotator's answers */
            annotations: {
              [key: string]: {
                [key: string]: string;
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiQuestions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            questions: {
              name: string;
              type: string;
              description: string;
              /** @description answers to the question over every annotator and item */
              total_annotations: number;
              items_with_annotations: number;
              /** @description `visualization_type`: `histogram` (one label chosen: `data.labels`, `counts`, `percentages`, `most_common`, `agreement_score`), `multiselect_analysis` (labels ticked, `co_occurrence` as "a|b" → count), `distribution` (numbers: `values`, `bins`, `statistics`), `span_analysis` (spans per answer), `text_analysis` (lengths, words); `error` when there is no answer or the type is not summarised */
              analysis: {
                [key: string]: unknown;
              };
            }[];
            summary: {
              total_questions: number;
              total_annotations: number;
              question_types: string[];
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiCrowdsourcing: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            summary: {
              total_workers: number;
              prolific_workers: number;
              mturk_workers: number;
              /** @description accounts, and workers of other platforms */
              other_workers: number;
              prolific_studies: number;
              mturk_hits: number;
              /** @description everyone who came from a study link, whatever the platform */
              study_link_workers: number;
            };
            prolific: {
              stats: {
                count: number;
                total_annotations: number;
                total_time_seconds: number;
                avg_annotations_per_worker: number;
                avg_time_per_worker_minutes: number;
                completed_count: number;
                in_progress_count: number;
              };
              study_ids: string[];
              /** @description `worker_id`, `total_annotations`, `phase`, `total_seconds` (visible time), `annotations_per_hour`, `completion_percentage`, `suspicious_level` (High: far faster than the project), `platform`, `first_seen` and `params` (the study link's IDs; null and {} for accounts), Prolific's `study_id`/`session_id`, MTurk's `hit_id`/`assignment_id` */
              workers: {
                [key: string]: unknown;
              }[];
            };
            mturk: {
              stats: {
                count: number;
                total_annotations: number;
                total_time_seconds: number;
                avg_annotations_per_worker: number;
                avg_time_per_worker_minutes: number;
                completed_count: number;
                in_progress_count: number;
              };
              hit_ids: string[];
              /** @description `worker_id`, `total_annotations`, `phase`, `total_seconds` (visible time), `annotations_per_hour`, `completion_percentage`, `suspicious_level` (High: far faster than the project), `platform`, `first_seen` and `params` (the study link's IDs; null and {} for accounts), Prolific's `study_id`/`session_id`, MTurk's `hit_id`/`assignment_id` */
              workers: {
                [key: string]: unknown;
              }[];
            };
            other: {
              stats: {
                count: number;
                total_annotations: number;
                total_time_seconds: number;
                avg_annotations_per_worker: number;
                avg_time_per_worker_minutes: number;
                completed_count: number;
                in_progress_count: number;
              };
              /** @description `worker_id`, `total_annotations`, `phase`, `total_seconds` (visible time), `annotations_per_hour`, `completion_percentage`, `suspicious_level` (High: far faster than the project), `platform`, `first_seen` and `params` (the study link's IDs; null and {} for accounts), Prolific's `study_id`/`session_id`, MTurk's `hit_id`/`assignment_id` */
              workers: {
                [key: string]: unknown;
              }[];
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiBehavioralAnalytics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            aggregate: {
              total_users_with_data: number;
              total_instances: number;
              total_time_minutes: number;
              avg_time_per_instance: number;
              median_time_per_instance: number;
            };
            aggregate_stats: {
              total_users: number;
              total_instances: number;
              avg_time_per_instance_sec: number;
              /** @description needs browser logging this project does not do */
              total_interactions: null;
              total_changes: number;
              /** @description needs browser logging this project does not do */
              total_ai_requests: null;
            };
            ai_usage: {
              [key: string]: null;
            };
            quality_summary: {
              total_flagged: number;
              total_warnings: number;
              flagged_user_ids: string[];
              warning_user_ids: string[];
              high_suspicion_users: number;
              /** @description share of annotators flagged as fast */
              fast_annotation_rate: number;
              /** @description needs browser logging this project does not do */
              low_interaction_rate: null;
              /** @description share of annotators with an item they saved no change on */
              no_change_rate: number;
            };
            interaction_types: {
              [key: string]: number;
            };
            change_sources: {
              [key: string]: number;
            };
            users: {
              user_id: string;
              /** @description items with visible time or a saved change */
              total_instances: number;
              total_time_sec: number;
              avg_time_sec: number;
              min_time_sec: number;
              max_time_sec: number;
              visits: number;
              total_changes: number;
              avg_changes: number;
              no_change_rate: number;
              /** @description needs browser logging this project does not do */
              total_interactions: null;
              /** @description needs browser logging this project does not do */
              avg_interactions: null;
              /** @description needs browser logging this project does not do */
              ai_requests: null;
              /** @description needs browser logging this project does not do */
              ai_accepts: null;
              /** @description needs browser logging this project does not do */
              ai_accept_rate: null;
              /** @description needs browser logging this project does not do */
              fast_annotation_rate: null;
              /** @description needs browser logging this project does not do */
              low_interaction_rate: null;
              /** @description needs browser logging this project does not do */
              no_scroll_rate: null;
              /** @description needs browser logging this project does not do */
              suspicion_score: null;
              /** @description a flagged annotator's median time over the project's */
              median_share: number | null;
              /**
               * @description SUSPICIOUS: median time under a quarter of the project's
               * @enum {string}
               */
              quality_flag: 'SUSPICIOUS' | 'OK';
            }[];
            writing_process: {
              /** @constant */
              enabled: false;
              reason: string;
            };
            annotation_process: {
              /** @constant */
              enabled: false;
              reason: string;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAnnotate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAnnotate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default init
           * @enum {string}
           */
          action?: 'next_instance' | 'prev_instance' | 'jump_to_unannotated' | 'go_to' | 'init';
          go_to?: string;
          instance_id?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                instance_id: string;
                current_index: number;
                total_instances: number;
                annotated_count: number;
                text: string;
                data: {
                  [key: string]: unknown;
                };
                annotated: boolean;
                /** @description what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted */
                progress: {
                  /** @description task instances the caller has annotated */
                  done: number;
                  /** @description task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed */
                  expected: number;
                  /** @description expected − done */
                  left: number;
                  /** @description max_annotations_per_user, when set */
                  quota: number | null;
                  /** @description positions the caller's list will have (quality checks included) once every expected instance is in it: the n of "instance i of n" */
                  positions: number;
                };
                /** @description What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text` */
                display: {
                  /** @enum {string} */
                  source: 'html_layout' | 'instance_display' | 'fields';
                  /** @enum {string} */
                  direction: 'vertical' | 'horizontal';
                  blocks: (
                    | {
                        /** @constant */
                        type: 'surface';
                        key?: string;
                        label?: string;
                      }
                    | {
                        /** @constant */
                        type: 'text';
                        key?: string;
                        label?: string;
                        text: string;
                      }
                    | {
                        /** @constant */
                        type: 'absent';
                        key?: string;
                        label?: string;
                      }
                    | {
                        /** @constant */
                        type: 'html';
                        key?: string;
                        label?: string;
                        /** @description sanitized HTML; a <span data-span-surface> in it marks where the text field goes */
                        html: string;
                      }
                    | {
                        /** @constant */
                        type: 'list';
                        key?: string;
                        label?: string;
                        items: string[];
                        /** @enum {string} */
                        prefix: 'alphabet' | 'number' | 'none';
                        horizontal: boolean;
                      }
                    | {
                        /** @constant */
                        type: 'dialogue';
                        key?: string;
                        label?: string;
                        turns: {
                          speaker?: string;
                          text: string;
                        }[];
                      }
                    | {
                        /** @constant */
                        type: 'pairwise';
                        key?: string;
                        label?: string;
                        items: {
                          label: string;
                          text: string;
                        }[];
                      }
                    | {
                        /** @constant */
                        type: 'code';
                        key?: string;
                        label?: string;
                        text: string;
                        language?: string;
                      }
                    | {
                        /** @enum {string} */
                        type: 'image' | 'audio' | 'video';
                        key?: string;
                        label?: string;
                        /** @description an http(s) URL, or /api/media/<path> for a file in the task folder */
                        src?: string;
                        remote?: boolean;
                        /** @description why the media is not shown (a path leaving the task folder, an unsafe scheme) */
                        refused?: string;
                      }
                  )[];
                };
                /** @description with allow_skip: skipping, kept apart from answers */
                skip?: {
                  /** @description allow_skip (always true when present) */
                  allowed: boolean;
                  /** @description skip_reason_required */
                  reason_required: boolean;
                  /** @description the caller skipped this instance */
                  skipped: boolean;
                  reason: string | null;
                  /** @description instances the caller skipped and has not answered since */
                  skipped_count: number;
                };
                /** @description with required schemes: those this instance still needs answered before moving on (empty once skipped) */
                required?: string[];
              }
            | {
                /**
                 * @description continue: the next training item is shown
                 * @enum {string}
                 */
                status: 'success' | 'continue' | 'failed';
                completed_phase?: string;
                next_phase?: string;
                passed?: boolean | null;
                correct?: number;
                total?: number;
                /** @description training: per question, whether it was right */
                feedback?: {
                  id: string;
                  correct: boolean;
                  explanation?: string;
                }[];
                /** @description training: the page's item was answered right */
                answer_correct?: boolean;
                walk?: {
                  /** @description the item the page shows, from 1 */
                  item: number;
                  items: number;
                  /** @description items answered right so far */
                  right: number;
                };
                attempts_left?: number | null;
              }
            | {
                /** @description the phase name; "done" past the last */
                phase: string;
                /** @enum {string} */
                type: 'consent' | 'instructions' | 'training' | 'prestudy' | 'annotation' | 'poststudy' | 'done';
                title: string;
                content: string;
                /** @description the content's Markdown rendered and sanitized */
                content_html: string;
                questions: {
                  id: string;
                  text: string;
                  /** @enum {string} */
                  type: 'radio' | 'multiselect' | 'text' | 'number';
                  options?: string[];
                  required: boolean;
                  /** @description the only answers that let the annotator go on */
                  accept?: string[];
                  /** @description Potato's display_logic: shown only while the answers satisfy it; hidden, it is not asked or kept */
                  display_logic?: {
                    show_when: {
                      /** @description the scheme (or question id) whose answer is read */
                      schema: string;
                      /** @enum {string} */
                      operator:
                        | 'equals'
                        | 'not_equals'
                        | 'contains'
                        | 'not_contains'
                        | 'matches'
                        | 'gt'
                        | 'gte'
                        | 'lt'
                        | 'lte'
                        | 'in_range'
                        | 'not_in_range'
                        | 'empty'
                        | 'not_empty'
                        | 'length_gt'
                        | 'length_lt'
                        | 'length_in_range';
                      /** @description one value or several (equals/contains: any of them); [min, max] for the range operators */
                      value?: (string | number | boolean) | (string | number | boolean)[];
                      case_sensitive?: boolean;
                    }[];
                    /** @enum {string} */
                    logic: 'all' | 'any';
                  };
                }[];
                /** @description answers given on earlier pages that this page's conditions read */
                earlier_answers?: {
                  [key: string]: string | string[];
                };
                next_phase: string | null;
                index: number;
                total: number;
                completed: {
                  phase: string;
                  at: string;
                }[];
                /** @description the caller may go back to the phase before theirs (allow_phase_back_navigation; POST /api/phase/back) */
                can_go_back: boolean;
                /** @description answers saved on Potato's page of this phase before it is sent */
                saved_answers?: {
                  [key: string]: string | string[];
                };
                /** @description training: where Potato's one-item-at-a-time walk is */
                walk?: {
                  /** @description the item the page shows, from 1 */
                  item: number;
                  items: number;
                  /** @description items answered right so far */
                  right: number;
                };
                /** @description annotation phase: assigned instances not annotated yet */
                remaining?: number;
                /** @description training: attempts used */
                attempts?: number;
                max_attempts?: number | null;
                /** @description training: no attempts left */
                failed?: boolean;
              };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHome: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getConsent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postConsent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description continue: the next training item is shown
             * @enum {string}
             */
            status: 'success' | 'continue' | 'failed';
            completed_phase?: string;
            next_phase?: string;
            passed?: boolean | null;
            correct?: number;
            total?: number;
            /** @description training: per question, whether it was right */
            feedback?: {
              id: string;
              correct: boolean;
              explanation?: string;
            }[];
            /** @description training: the page's item was answered right */
            answer_correct?: boolean;
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            attempts_left?: number | null;
          };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInstructions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postInstructions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description continue: the next training item is shown
             * @enum {string}
             */
            status: 'success' | 'continue' | 'failed';
            completed_phase?: string;
            next_phase?: string;
            passed?: boolean | null;
            correct?: number;
            total?: number;
            /** @description training: per question, whether it was right */
            feedback?: {
              id: string;
              correct: boolean;
              explanation?: string;
            }[];
            /** @description training: the page's item was answered right */
            answer_correct?: boolean;
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            attempts_left?: number | null;
          };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPrestudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postPrestudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description continue: the next training item is shown
             * @enum {string}
             */
            status: 'success' | 'continue' | 'failed';
            completed_phase?: string;
            next_phase?: string;
            passed?: boolean | null;
            correct?: number;
            total?: number;
            /** @description training: per question, whether it was right */
            feedback?: {
              id: string;
              correct: boolean;
              explanation?: string;
            }[];
            /** @description training: the page's item was answered right */
            answer_correct?: boolean;
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            attempts_left?: number | null;
          };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTraining: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postTraining: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description continue: the next training item is shown
             * @enum {string}
             */
            status: 'success' | 'continue' | 'failed';
            completed_phase?: string;
            next_phase?: string;
            passed?: boolean | null;
            correct?: number;
            total?: number;
            /** @description training: per question, whether it was right */
            feedback?: {
              id: string;
              correct: boolean;
              explanation?: string;
            }[];
            /** @description training: the page's item was answered right */
            answer_correct?: boolean;
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            attempts_left?: number | null;
          };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPoststudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postPoststudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description continue: the next training item is shown
             * @enum {string}
             */
            status: 'success' | 'continue' | 'failed';
            completed_phase?: string;
            next_phase?: string;
            passed?: boolean | null;
            correct?: number;
            total?: number;
            /** @description training: per question, whether it was right */
            feedback?: {
              id: string;
              correct: boolean;
              explanation?: string;
            }[];
            /** @description training: the page's item was answered right */
            answer_correct?: boolean;
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            attempts_left?: number | null;
          };
        };
      };
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getProgress: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiStudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            login: 'url_direct' | 'password';
            url_argument: string | null;
            platform: string | null;
            task_description: string | null;
            hide_navbar: boolean;
            jumping_to_id_disabled: boolean;
            finished: boolean;
            completion: {
              completion_code: string | null;
              message: string | null;
              platform: string;
              redirect_url: string | null;
              auto_redirect: boolean;
              redirect_delay_ms: number;
            } | null;
            crowd: {
              [key: string]: string;
            } | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiPhase: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the phase name; "done" past the last */
            phase: string;
            /** @enum {string} */
            type: 'consent' | 'instructions' | 'training' | 'prestudy' | 'annotation' | 'poststudy' | 'done';
            title: string;
            content: string;
            /** @description the content's Markdown rendered and sanitized */
            content_html: string;
            questions: {
              id: string;
              text: string;
              /** @enum {string} */
              type: 'radio' | 'multiselect' | 'text' | 'number';
              options?: string[];
              required: boolean;
              /** @description the only answers that let the annotator go on */
              accept?: string[];
              /** @description Potato's display_logic: shown only while the answers satisfy it; hidden, it is not asked or kept */
              display_logic?: {
                show_when: {
                  /** @description the scheme (or question id) whose answer is read */
                  schema: string;
                  /** @enum {string} */
                  operator:
                    | 'equals'
                    | 'not_equals'
                    | 'contains'
                    | 'not_contains'
                    | 'matches'
                    | 'gt'
                    | 'gte'
                    | 'lt'
                    | 'lte'
                    | 'in_range'
                    | 'not_in_range'
                    | 'empty'
                    | 'not_empty'
                    | 'length_gt'
                    | 'length_lt'
                    | 'length_in_range';
                  /** @description one value or several (equals/contains: any of them); [min, max] for the range operators */
                  value?: (string | number | boolean) | (string | number | boolean)[];
                  case_sensitive?: boolean;
                }[];
                /** @enum {string} */
                logic: 'all' | 'any';
              };
            }[];
            /** @description answers given on earlier pages that this page's conditions read */
            earlier_answers?: {
              [key: string]: string | string[];
            };
            next_phase: string | null;
            index: number;
            total: number;
            completed: {
              phase: string;
              at: string;
            }[];
            /** @description the caller may go back to the phase before theirs (allow_phase_back_navigation; POST /api/phase/back) */
            can_go_back: boolean;
            /** @description answers saved on Potato's page of this phase before it is sent */
            saved_answers?: {
              [key: string]: string | string[];
            };
            /** @description training: where Potato's one-item-at-a-time walk is */
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            /** @description annotation phase: assigned instances not annotated yet */
            remaining?: number;
            /** @description training: attempts used */
            attempts?: number;
            max_attempts?: number | null;
            /** @description training: no attempts left */
            failed?: boolean;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiPhaseComplete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          phase?: string;
          /** @default {} */
          answers?: {
            [key: string]: unknown;
          };
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                /** @constant */
                status: 'success';
                completed_phase: string;
                next_phase: string;
                passed?: boolean;
                correct?: number;
                total?: number;
                /** @description training: per question, whether it was right */
                feedback?: {
                  id: string;
                  correct: boolean;
                  explanation?: string;
                }[];
              }
            | {
                /** @constant */
                status: 'failed';
                passed?: boolean;
                correct?: number;
                total?: number;
                /** @description training: per question, whether it was right */
                feedback?: {
                  id: string;
                  correct: boolean;
                  explanation?: string;
                }[];
                attempts_left: number | null;
              };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiPhaseBack: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the phase the caller is leaving */
          phase?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the phase name; "done" past the last */
            phase: string;
            /** @enum {string} */
            type: 'consent' | 'instructions' | 'training' | 'prestudy' | 'annotation' | 'poststudy' | 'done';
            title: string;
            content: string;
            /** @description the content's Markdown rendered and sanitized */
            content_html: string;
            questions: {
              id: string;
              text: string;
              /** @enum {string} */
              type: 'radio' | 'multiselect' | 'text' | 'number';
              options?: string[];
              required: boolean;
              /** @description the only answers that let the annotator go on */
              accept?: string[];
              /** @description Potato's display_logic: shown only while the answers satisfy it; hidden, it is not asked or kept */
              display_logic?: {
                show_when: {
                  /** @description the scheme (or question id) whose answer is read */
                  schema: string;
                  /** @enum {string} */
                  operator:
                    | 'equals'
                    | 'not_equals'
                    | 'contains'
                    | 'not_contains'
                    | 'matches'
                    | 'gt'
                    | 'gte'
                    | 'lt'
                    | 'lte'
                    | 'in_range'
                    | 'not_in_range'
                    | 'empty'
                    | 'not_empty'
                    | 'length_gt'
                    | 'length_lt'
                    | 'length_in_range';
                  /** @description one value or several (equals/contains: any of them); [min, max] for the range operators */
                  value?: (string | number | boolean) | (string | number | boolean)[];
                  case_sensitive?: boolean;
                }[];
                /** @enum {string} */
                logic: 'all' | 'any';
              };
            }[];
            /** @description answers given on earlier pages that this page's conditions read */
            earlier_answers?: {
              [key: string]: string | string[];
            };
            next_phase: string | null;
            index: number;
            total: number;
            completed: {
              phase: string;
              at: string;
            }[];
            /** @description the caller may go back to the phase before theirs (allow_phase_back_navigation; POST /api/phase/back) */
            can_go_back: boolean;
            /** @description answers saved on Potato's page of this phase before it is sent */
            saved_answers?: {
              [key: string]: string | string[];
            };
            /** @description training: where Potato's one-item-at-a-time walk is */
            walk?: {
              /** @description the item the page shows, from 1 */
              item: number;
              items: number;
              /** @description items answered right so far */
              right: number;
            };
            /** @description annotation phase: assigned instances not annotated yet */
            remaining?: number;
            /** @description training: attempts used */
            attempts?: number;
            max_attempts?: number | null;
            /** @description training: no attempts left */
            failed?: boolean;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuthToken: {
    parameters: {
      query?: {
        t?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSetup: {
    parameters: {
      query?: {
        t?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postSetup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          t?: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            username: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putAdminApiUsersUsernamePassword: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            username: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            enabled: boolean;
            endpoints: {
              name: string;
              url: string;
              events: string[];
              active: boolean;
              stats: {
                total_emitted: number;
                total_delivered: number;
                total_failed: number;
                pending_retries: number;
                last_success: string | null;
                last_failure: string | null;
                last_error: string | null;
              };
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdminApiWebhooksTest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          endpoint_name: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'sent';
            event_id: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiWebhooksDeliveries: {
    parameters: {
      query?: {
        endpoint?: string;
        state?: 'pending' | 'delivered' | 'failed';
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total: number;
            deliveries: {
              id: string;
              endpoint: string;
              event_id: string;
              event_type: string;
              /** @enum {string} */
              state: 'pending' | 'delivered' | 'failed';
              /** @description ISO 8601 */
              created_at: string;
              /** @description pending deliveries: when the next attempt is due */
              next_attempt_at: string | null;
              finished_at: string | null;
              attempts: {
                /** @description ISO 8601 */
                at: string;
                /** @description the receiver's HTTP status; null when none came */
                status: number | null;
                error: string | null;
                duration_ms: number;
              }[];
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAgreement: {
    parameters: {
      query?: {
        /** @description true: compute now, even on a large project where reports are reused for a few seconds */
        fresh?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            overall: {
              average_krippendorff_alpha: number | null;
              schemas_evaluated: number;
            };
            by_schema: {
              [key: string]: {
                krippendorff_alpha: number | null;
                level:
                  | (
                      | 'nominal'
                      | 'ordinal'
                      | 'interval'
                      | 'jaccard'
                      | 'nominal_per_character'
                      | 'rank'
                      | 'partition'
                      | 'link_f1'
                      | 'chain_muc'
                      | 'event_f1'
                      | 'edit_distance'
                      | 'per_node'
                      | 'range'
                      | 'jensen_shannon'
                      | 'token_f1'
                      | 'error_span_f1'
                      | 'event_ceaf'
                    )
                  | null;
                items_evaluated: number;
                annotators: number;
                interpretation: ('reliable' | 'tentative' | 'unreliable') | null;
                reason?: string;
                fleiss_kappa?: number | null;
                cohen_kappa?: number | null;
                /** @description extractive_qa, error_span, multi_document_event: pairwise F1 and exact match beside alpha */
                pairwise?: {
                  pairs: number;
                  /** @description 1 − distance (an F1) averaged over pairs of answers to one instance */
                  mean_similarity: number | null;
                  /** @description the share of those pairs that match exactly */
                  exact_match: number | null;
                };
                /** @description alpha of each row (option or pair) alone */
                by_row?: {
                  [key: string]: {
                    krippendorff_alpha: number | null;
                    level:
                      | (
                          | 'nominal'
                          | 'ordinal'
                          | 'interval'
                          | 'jaccard'
                          | 'nominal_per_character'
                          | 'rank'
                          | 'partition'
                          | 'link_f1'
                          | 'chain_muc'
                          | 'event_f1'
                          | 'edit_distance'
                          | 'per_node'
                          | 'range'
                          | 'jensen_shannon'
                          | 'token_f1'
                          | 'error_span_f1'
                          | 'event_ceaf'
                        )
                      | null;
                    items_evaluated: number;
                    annotators: number;
                    interpretation: ('reliable' | 'tentative' | 'unreliable') | null;
                    reason?: string;
                    fleiss_kappa?: number | null;
                    cohen_kappa?: number | null;
                    /** @description extractive_qa, error_span, multi_document_event: pairwise F1 and exact match beside alpha */
                    pairwise?: {
                      pairs: number;
                      /** @description 1 − distance (an F1) averaged over pairs of answers to one instance */
                      mean_similarity: number | null;
                      /** @description the share of those pairs that match exactly */
                      exact_match: number | null;
                    };
                  };
                };
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getGetAiSuggestion: {
    parameters: {
      query: {
        instance_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            provider: string;
            model: string;
            suggestions: {
              [key: string]: {
                label: string | null;
                confidence: number | null;
                rationale: string;
                labels?: string[];
                /** @description types answered by one fixed value (triage, binary pairwise): the suggested value as its button reads */
                text?: string;
                spans?: {
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiGetAiSuggestion: {
    parameters: {
      query: {
        instance_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            provider: string;
            model: string;
            suggestions: {
              [key: string]: {
                label: string | null;
                confidence: number | null;
                rationale: string;
                labels?: string[];
                /** @description types answered by one fixed value (triage, binary pairwise): the suggested value as its button reads */
                text?: string;
                spans?: {
                  label: string;
                  start: number;
                  end: number;
                  text: string;
                }[];
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiAiAssistant: {
    parameters: {
      query?: {
        /** @description the caller's current instance when left out */
        instance_id?: string;
        schema?: string;
        /** @description Potato's page's spelling: the scheme's position in annotation_schemes */
        annotationId?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            schema: string;
            provider: string;
            model: string;
            hint: string;
            suggested_label: string | null;
            suggested_labels?: string[];
            confidence: number | null;
            keywords: {
              text: string;
              start: number;
              end: number;
              label: string | null;
              /** @enum {string} */
              source: 'keyword_highlight' | 'suggestion' | 'evidence';
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAiStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            enabled: boolean;
            provider: string;
            model: string;
            /** @description suggestions shown */
            shown: number;
            /** @description shown suggestions whose instance was then annotated */
            decided: number;
            /** @description decided ones whose final label matched the suggestion */
            accepted: number;
            /** @description accepted / decided; null before any decision */
            acceptance_rate: number | null;
            by_schema: {
              [key: string]: {
                decided: number;
                accepted: number;
                /** @description accepted / decided; null before any decision */
                acceptance_rate: number | null;
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiBwsScores: {
    parameters: {
      query?: {
        /** @description the bws scheme; may be left out when there is one */
        schema?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            schema: string;
            /** @constant */
            method: 'counting';
            items: {
              item_id: string;
              text: string;
              /** @description (best_count − worst_count) / appearances, from -1 to 1 */
              score: number;
              best_count: number;
              worst_count: number;
              /** @description answered tuples the item was in */
              appearances: number;
              rank: number;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdminApiImport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description a .json, .jsonl, .csv or .tsv file on the server machine; relative to the config file */
          file?: string;
          /** @description the file text itself (within the 2 MB body limit); needs format */
          content?: string;
          /**
           * @description the input's format; by default the file's extension
           * @enum {string}
           */
          format?: 'json' | 'jsonl' | 'csv' | 'tsv';
          /** @description answer when the import has finished instead of at once */
          wait?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            import_id: string;
            /** @enum {string} */
            status: 'queued' | 'reading' | 'saving' | 'done' | 'failed';
            source: string;
            rows_read: number;
            bytes_read: number;
            total_bytes: number | null;
            added: number;
            error: string | null;
            started_at: string;
            finished_at: string | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiImportImportId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        import_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            import_id: string;
            /** @enum {string} */
            status: 'queued' | 'reading' | 'saving' | 'done' | 'failed';
            source: string;
            rows_read: number;
            bytes_read: number;
            total_bytes: number | null;
            added: number;
            error: string | null;
            started_at: string;
            finished_at: string | null;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdminApiPredictions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description a .json, .jsonl, .csv or .tsv file on the server machine; relative to the config file */
          file?: string;
          /** @description the file text itself (within the 2 MB body limit); needs format */
          content?: string;
          /**
           * @description the input's format; by default the file's extension
           * @enum {string}
           */
          format?: 'json' | 'jsonl' | 'csv' | 'tsv';
          /** @description prediction rows given inline */
          predictions?: unknown[];
          /** @description source name for rows that do not name their own */
          source?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            imported: number;
            sources: string[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiPredictionsInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            predictions: {
              source: string;
              labels: components['schemas']['Answers'];
              spans: {
                schema: string;
                label: string;
                start: number;
                end: number;
                text: string;
              }[];
              created_at: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiExport: {
    parameters: {
      query?: {
        format?: 'jsonl' | 'csv' | 'conll' | 'spacy' | 'bws_scores' | 'time';
        annotator?: string;
        status?: 'completed' | 'in_progress';
        /** @description gold: one row per item, the adjudicated answer where there is one, else the annotators' majority with its vote share; phases: the answers given on phase pages (consent, surveys), jsonl or csv, with export_include_phase_data: true */
        view?: 'annotations' | 'gold' | 'phases';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': string;
          'text/csv': string;
          'text/plain': string;
          'application/json': string;
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdminApiExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          format: string;
          /** @description a folder on the server machine (relative to the config file), made when missing */
          output: string;
          /** @description Potato's format options: none are read here */
          options?: {
            [key: string]: unknown;
          };
          annotator?: string;
          /** @enum {string} */
          status?: 'completed' | 'in_progress';
          /**
           * @description gold: one row per item, the adjudicated answer where there is one, else the annotators' majority with its vote share; phases: the answers given on phase pages (consent, surveys), jsonl or csv, with export_include_phase_data: true
           * @default annotations
           * @enum {string}
           */
          view?: 'annotations' | 'gold' | 'phases';
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
            format: string;
            files_written: string[];
            /** @description rows written: one per annotation (per item in the gold view) */
            stats: {
              rows: number;
            };
            warnings: string[];
            errors: string[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiExportFormats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            formats: {
              format_name: string;
              description: string;
              file_extensions: string[];
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiMediaPath: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/png': string;
          'image/jpeg': string;
          'image/gif': string;
          'image/webp': string;
          'image/svg+xml': string;
          'image/bmp': string;
          'image/avif': string;
          'audio/mpeg': string;
          'audio/wav': string;
          'audio/ogg': string;
          'audio/mp4': string;
          'application/pdf': string;
          'text/html': string;
          'audio/flac': string;
          'video/mp4': string;
          'video/webm': string;
          'video/ogg': string;
          'video/quicktime': string;
          'text/vtt': string;
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiInstructions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description annotation_instructions rendered from Markdown/HTML and sanitized */
            html: string | null;
            /** @description annotation_codebook_url: an http(s) URL or /api/media/<path> */
            codebook_url: string | null;
            /** @description the study's instructions phases (content rendered from Markdown and sanitized), still readable once passed */
            guidelines: {
              title: string;
              html: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiSkip: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          instance_id: string;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            skip: {
              instance_id: string;
              annotator: string;
              /** @description empty when no reason was given */
              reason: string;
              skipped_at: string;
            };
            skipped_count: number;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiSkips: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            count: number;
            skips: {
              instance_id: string;
              annotator: string;
              /** @description empty when no reason was given */
              reason: string;
              skipped_at: string;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiItemNote: {
    parameters: {
      query: {
        instance_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            note: {
              instance_id: string;
              annotator: string;
              /** @description empty when only flags were set */
              note: string;
              flags: ('unsure' | 'broken' | 'discuss')[];
              /** @description null when the annotator has no note or flag on the item */
              updated_at: string | null;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiItemNote: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          instance_id: string;
          note?: string;
          /** @description any of unsure, broken, discuss */
          flags?: string[];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            note: {
              instance_id: string;
              annotator: string;
              /** @description empty when only flags were set */
              note: string;
              flags: ('unsure' | 'broken' | 'discuss')[];
              /** @description null when the annotator has no note or flag on the item */
              updated_at: string | null;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiItemNotes: {
    parameters: {
      query?: {
        flag?: 'unsure' | 'broken' | 'discuss';
        annotator?: string;
        instance_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            count: number;
            /** @description flagged items by flag, before filtering */
            counts: {
              [key: string]: number;
            };
            notes: {
              instance_id: string;
              annotator: string;
              /** @description empty when only flags were set */
              note: string;
              flags: ('unsure' | 'broken' | 'discuss')[];
              /** @description null when the annotator has no note or flag on the item */
              updated_at: string | null;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Redirect */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            show_annotator_names: boolean;
            show_agreement_scores: boolean;
            require_confidence: boolean;
            require_notes_on_override: boolean;
            error_taxonomy: string[];
            agreement_threshold: number;
            show_all_items: boolean;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiQueue: {
    parameters: {
      query?: {
        status?: 'pending' | 'completed' | 'skipped';
        /** @description only items where this scheme could be compared */
        schema?: string;
        /** @description disagreements: below agreement_threshold (the default unless show_all_items); all: every item with enough annotators */
        scope?: 'disagreements' | 'all';
        /** @description only items whose agreement (the scheme's when schema is given) is at most this */
        max_agreement?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              instance_id: string;
              /** @description annotator → scheme → label → value, as stored */
              annotations: {
                [key: string]: {
                  [key: string]: {
                    [key: string]: string;
                  };
                };
              };
              /** @description annotator → scheme → the answer as exports show it */
              answers: {
                [key: string]: components['schemas']['Answers'];
              };
              span_annotations: {
                [key: string]: {
                  id: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value: string;
                }[];
              };
              behavioral_data: {
                [key: string]: unknown;
              };
              /** @description scheme → share of annotator pairs who gave the same answer */
              agreement_scores: {
                [key: string]: number;
              };
              overall_agreement: number;
              num_annotators: number;
              annotators: string[];
              /** @enum {string} */
              status: 'pending' | 'completed' | 'skipped';
              assigned_adjudicator: string | null;
            }[];
            total: number;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiItemInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            item: {
              instance_id: string;
              /** @description annotator → scheme → label → value, as stored */
              annotations: {
                [key: string]: {
                  [key: string]: {
                    [key: string]: string;
                  };
                };
              };
              /** @description annotator → scheme → the answer as exports show it */
              answers: {
                [key: string]: components['schemas']['Answers'];
              };
              span_annotations: {
                [key: string]: {
                  id: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value: string;
                }[];
              };
              behavioral_data: {
                [key: string]: unknown;
              };
              /** @description scheme → share of annotator pairs who gave the same answer */
              agreement_scores: {
                [key: string]: number;
              };
              overall_agreement: number;
              num_annotators: number;
              annotators: string[];
              /** @enum {string} */
              status: 'pending' | 'completed' | 'skipped';
              assigned_adjudicator: string | null;
            };
            item_text: string;
            item_data: {
              [key: string]: unknown;
            };
            decision: {
              instance_id: string;
              adjudicator_id: string;
              timestamp: string;
              label_decisions: {
                [key: string]: {
                  [key: string]: string;
                };
              };
              answers: {
                [key: string]: unknown;
              };
              span_decisions: {
                id: string;
                schema: string;
                name: string;
                start: number;
                end: number;
                value: string;
              }[];
              source: {
                [key: string]: string;
              };
              /** @enum {string} */
              confidence: 'high' | 'medium' | 'low';
              notes: string;
              error_taxonomy: string[];
              guideline_update_flag: boolean;
              guideline_update_notes: string;
              time_spent_ms: number;
            } | null;
            annotator_signals: {
              [key: string]: unknown;
            };
            similar_items: unknown[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiSimilarInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            enabled: false;
            instance_id: string;
            similar_items: unknown[];
            /** @constant */
            count: 0;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiNext: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            item: {
              instance_id: string;
              /** @description annotator → scheme → label → value, as stored */
              annotations: {
                [key: string]: {
                  [key: string]: {
                    [key: string]: string;
                  };
                };
              };
              /** @description annotator → scheme → the answer as exports show it */
              answers: {
                [key: string]: components['schemas']['Answers'];
              };
              span_annotations: {
                [key: string]: {
                  id: string;
                  schema: string;
                  name: string;
                  start: number;
                  end: number;
                  value: string;
                }[];
              };
              behavioral_data: {
                [key: string]: unknown;
              };
              /** @description scheme → share of annotator pairs who gave the same answer */
              agreement_scores: {
                [key: string]: number;
              };
              overall_agreement: number;
              num_annotators: number;
              annotators: string[];
              /** @enum {string} */
              status: 'pending' | 'completed' | 'skipped';
              assigned_adjudicator: string | null;
            } | null;
            item_text?: string;
            item_data?: {
              [key: string]: unknown;
            };
            message?: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdjudicateApiSubmit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          instance_id: string | number;
          /** @description scheme → the answer: a label, a list of labels, a value, or the stored label → value map */
          label_decisions?: {
            [key: string]: unknown;
          };
          span_decisions?: {
            schema: string;
            name: string;
            start: number;
            end: number;
          }[];
          /** @description scheme → "annotator:<name>", "adjudicator" or "merged"; inferred when left out */
          source?: {
            [key: string]: string;
          };
          /** @enum {string} */
          confidence?: 'high' | 'medium' | 'low';
          notes?: string;
          error_taxonomy?: string[];
          guideline_update_flag?: boolean;
          guideline_update_notes?: string;
          time_spent_ms?: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
            instance_id: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdjudicateApiSkipInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
            instance_id: string;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdjudicateApiStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total: number;
            completed: number;
            pending: number;
            skipped: number;
            in_progress: number;
            completion_rate: number;
            avg_agreement: number;
            adjudicator_stats: {
              [key: string]: {
                completed: number;
                total_time_ms: number;
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAdjudication: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                total: number;
                completed: number;
                pending: number;
                skipped: number;
                in_progress: number;
                completion_rate: number;
                avg_agreement: number;
                adjudicator_stats: {
                  [key: string]: {
                    completed: number;
                    total_time_ms: number;
                  };
                };
                /** @constant */
                enabled: true;
                adjudicators: string[];
                agreement_threshold: number;
                min_annotations: number;
                /** @description the figures above, under Potato's name */
                queue_stats: {
                  total: number;
                  completed: number;
                  pending: number;
                  skipped: number;
                  in_progress: number;
                  completion_rate: number;
                  avg_agreement: number;
                  adjudicator_stats: {
                    [key: string]: {
                      completed: number;
                      total_time_ms: number;
                    };
                  };
                };
                adjudicator_details: {
                  [key: string]: {
                    completed: number;
                    total_time_ms: number;
                    avg_time_ms: number;
                  };
                };
                /** @description decisions per error tag, most first */
                error_taxonomy_counts: {
                  [key: string]: number;
                };
                /** @description decisions flagged for a guideline update */
                guideline_flag_count: number;
                /** @description per scheme, the mean agreement of the queued items, worst first */
                disagreement_patterns: {
                  schema: string;
                  avg_agreement: number;
                  num_items: number;
                }[];
                /** @description empty: similar items are not computed here (adjudication.similarity is warned about) */
                similarity_stats: Record<string, never>;
              }
            | {
                /** @constant */
                enabled: false;
                message: string;
              };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAdjudicationAgreement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adjudicated_items: number;
            by_annotator: {
              [key: string]: {
                [key: string]: {
                  items: number;
                  matched: number;
                  share: number;
                };
              };
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiSearch: {
    parameters: {
      query: {
        q: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            query: string;
            results: {
              instance_id: string;
              /** @description the text around the first word found in it */
              snippet: string;
              /** @description item: the text or a field; answers: a label, a typed value or a span */
              matched_in: ('item' | 'answers')[];
              /** @description (admin) whose answers hold any of the words */
              annotators?: string[];
            }[];
            /** @description the number of results given */
            count: number;
            truncated: boolean;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiSearch: {
    parameters: {
      query: {
        q: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            query: string;
            results: {
              instance_id: string;
              /** @description the text around the first word found in it */
              snippet: string;
              /** @description item: the text or a field; answers: a label, a typed value or a span */
              matched_in: ('item' | 'answers')[];
              /** @description (admin) whose answers hold any of the words */
              annotators?: string[];
            }[];
            /** @description the number of results given */
            count: number;
            truncated: boolean;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiSearchClaim: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          instance_id: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            claimed: string;
            already_assigned: boolean;
            /** @description the item's 0-based place in the caller's list */
            position: number;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiActiveLearning: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description false only when the config sets active_learning.enabled: false */
            enabled: boolean;
            /** @description assignment_strategy is active_learning now */
            active: boolean;
            /**
             * @description waiting for labels: fewer than min_instances_for_training (or one label only); items go out in task order
             * @enum {string}
             */
            state: 'off' | 'waiting for labels' | 'ranking' | 'ready';
            /** @constant */
            query_strategy: 'uncertainty';
            /**
             * @description ln p1 − ln p2 of the two likeliest labels; the smallest go out first
             * @constant
             */
            uncertainty: 'margin';
            schema_names: string[];
            /** @description scheme → annotations the learner has of it */
            labelled_examples: {
              [key: string]: number;
            };
            min_instances_for_training: number;
            update_frequency: number;
            max_instances_to_reorder: number | null;
            random_sample_percent: number;
            /** @description rankings made since the server started */
            training_count: number;
            last_training_time: string | null;
            /** @description the schemes the last ranking used */
            models_trained: string[];
            /** @description items the last ranking ordered by uncertainty */
            ranked_items: number;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiAnnotateTime: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          visible_ms: number;
          /** @default false */
          visit?: boolean;
          /** @description the page's id for this report: a report (or a step) sent again with an id the item's row already holds adds nothing */
          report_id?: string;
          instance_id: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            visible_ms: number;
            visits: number;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiBehavioralDataInstanceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instance_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            instance_id: string;
            /** @description visible time on the item */
            total_time_ms: number;
            visits: number;
            annotation_changes: {
              timestamp: string;
              schema_name: string;
              /** @description the label, or for a span `label[start:end]` */
              label_name: string;
              old_label: string | null;
              old_value: string | null;
              new_value: string | null;
              /** @enum {string} */
              action: 'select' | 'deselect';
              /** @constant */
              source: 'user';
              /** @description annotation, or on __phase_page__ the type of the phase (consent, prestudy, …) */
              phase: string;
              /** @description on __phase_page__ the phase page's name (a training item: name#n) */
              page: string | null;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postApiTrackAnnotationChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          instance_id: string | number;
          schema_name: string;
          label_name?: string | null;
          /** @enum {string} */
          action: 'select' | 'deselect' | 'update' | 'clear';
          new_value?: string | number | boolean | null;
          old_value?: unknown;
          old_label?: unknown;
          source?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiAnnotationHistory: {
    parameters: {
      query?: {
        user_id?: string;
        instance_id?: string;
        minutes?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the annotator asked for, or all_users */
            context: string;
            total_actions: number;
            actions: {
              timestamp: string;
              user_id: string;
              instance_id: string;
              /** @enum {string} */
              action_type: 'add_label' | 'update_label' | 'delete_label' | 'add_span' | 'delete_span';
              schema_name: string;
              label_name: string;
              old_value: string | null;
              new_value: string | null;
            }[];
            summary: {
              action_types: {
                [key: string]: number;
              };
              annotators: number;
              instances: number;
            };
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiSuspiciousActivity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total_users_with_suspicious_activity: number;
            suspicious_activity: {
              user_id: string;
              /** @constant */
              reason: 'fast';
              timed_items: number;
              median_ms: number;
              /** @description the annotator's median over the project's */
              share: number;
              /** @constant */
              suspicious_actions_count: 0;
              /** @description always empty: single actions are not judged here, the annotator's pace is */
              suspicious_actions: unknown[];
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminApiTime: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description median visible time over every annotator–item pair with time */
            median_ms: number;
            annotators: {
              username: string;
              /** @description items with visible time */
              items: number;
              median_ms: number;
              total_ms: number;
              visits: number;
              /** @description answer changes saved */
              changes: number;
            }[];
            /** @description by median visible time, slowest first, at most 20 */
            slowest_items: {
              instance_id: string;
              annotators: number;
              median_ms: number;
            }[];
            /** @description at least 3 timed items and a median under 0.25 of the project's */
            fast_annotators: {
              username: string;
              items: number;
              median_ms: number;
              /** @description their median as a share of the project's */
              share: number;
            }[];
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not logged in (no session or API key) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an admin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getApiOpenapiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Invalid input; the error names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}

/**
 * The one configuration file: a JSON file validated here. Every object is strict, so an unknown
 * or misspelt key is an error that names it. The defaults rebuild the paper's dataset.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const LLM_ROLES = [
  'error-simulator',
  'api-simulator',
  'refine-doc',
  'thought-writer',
  'answer-writer',
  'noisy-query',
  'harder-tools',
  'judge',
  'observed-model',
] as const;
export type LlmRole = (typeof LLM_ROLES)[number];

const Price = z.object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() }).strict();

const LlmConfig = z
  .object({
    /** auto: the OpenAI-compatible endpoint when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the rules. */
    mode: z.enum(['auto', 'offline', 'openai']).default('auto'),
    /** Overrides OPENAI_BASE_URL. The key itself is only ever read from the environment. */
    baseUrl: z.string().url().optional(),
    defaultModel: z.string().default('gpt-4o-mini'),
    models: z.partialRecord(z.enum(LLM_ROLES), z.string()).default({}),
    /**
     * Roles answered by the rules even when a model is configured: observe a model on a benchmark
     * the rules built, or spend model calls on the judge only. `--llm-roles` sets it from the CLI.
     */
    offlineRoles: z.array(z.enum(LLM_ROLES)).default([]),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().positive().default(2048),
    concurrency: z.number().int().positive().default(16),
    requestsPerMinute: z.number().int().positive().default(500),
    tokensPerMinute: z.number().int().positive().default(400_000),
    maxRetries: z.number().int().min(0).default(5),
    /** Re-asks with the validation error before the item is flagged. */
    maxInvalidOutputRetries: z.number().int().min(0).default(2),
    timeoutMs: z.number().int().positive().default(120_000),
    backoffBaseMs: z.number().int().positive().default(1_000),
    backoffMaxMs: z.number().int().positive().default(60_000),
    structuredOutput: z.enum(['auto', 'json_schema', 'json_object', 'text']).default('auto'),
    /** USD per million tokens; unknown models cost 0 and are reported as unpriced. */
    prices: z.record(z.string(), Price).default({
      'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
      'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
      'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
      'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
    }),
    /** Stop making new calls once this many USD were spent in the run (resumable). */
    maxCost: z.number().positive().optional(),
  })
  .strict();

const HttpApi = z
  .object({
    /** The `Toolkit.api` name this endpoint answers. */
    tool: z.string(),
    endpoint: z.string().url(),
    method: z.enum(['GET', 'POST']).default('GET'),
    /** Name of the environment variable holding the credential; never the credential itself. */
    authEnv: z.string().optional(),
    authHeader: z.string().default('Authorization'),
    authScheme: z.string().default('Bearer'),
    timeoutMs: z.number().int().positive().default(15_000),
  })
  .strict();

/** The goals of the issues that defined each measure; see pipeline/quality/measures. */
export const DEFAULT_QUALITY_THRESHOLDS: Record<string, number> = {
  history_value_unshown: 0,
  gt_value_unshown: 0,
  gt_value_absent: 0,
  gt_value_in_unfit_carrier: 0,
  gt_contradicts_ranking: 0,
  call_title_unshown: 0,
  call_field_unshown: 0,
  control_not_error_free: 0,
  skip_infeasible: 0,
  skip_finishes_early: 0,
  skip_passes_over_step: 0,
  skip_reports_failed_success: 0,
  skip_passes_translated_place: 0,
  answer_door_state_undone: 0,
  external_placeholder_call: 0,
  skip_thought_unseen: 0,
  retry_thought_stale: 0,
  error_equals_valid_step: 0,
  http_error_on_local_tool: 0,
  invented_host: 0,
  integer_rounded: 0,
  tool_error_hint: 0.02,
  thought_leak: 0,
  noise_sentence_top_share: 0.01,
  noise_distinct4: 0.5,
  noise_incoherent: 0.005,
  noise_grammar_slip: 0,
  noise_splits_sentence: 0,
  noise_skeleton_share: 0.25,
  noise_frame_top_share: 0.2,
  noise_clash: 0,
  noise_hedges_request: 0,
  noise_proofread_beside_typos: 0,
  noise_again_without_history: 0,
  noise_greeting_mid_conversation: 0,
  noise_aside_foreign: 0,
  noise_next_step_after_chat: 0,
  noise_summary_points_back: 0,
  noise_summary_narrows: 0,
  noise_lowercase_i: 0,
  noise_typo_in_count_word: 0,
  noise_typo_in_task_word: 0,
  noise_typo_garbled: 0,
  noise_typos_adjacent: 0,
  noise_pronoun_unbound: 0,
  answer_grammar: 0,
  answer_truncated: 0,
  harder_tools_param_changed: 0,
  harder_tools_constraint_dropped: 0,
  harder_tools_broken: 0,
  harder_tools_lowercase: 0,
  harder_tools_mixed_tags: 0,
  harder_tools_sibling_unsound: 0,
  harder_tools_siblings_identical: 0,
  harder_tools_stray_backtick: 0,
  // harder-tools-11 (a compound modifier, an "ordered by" clause or a "by ... of ..." phrase a field doc states left to it) reaches 0.9% (5.5% under harder-tools-10): the rest are TimeTool lists whose every word is the tool's name or heading ("Get curr time: get current time.").
  // On the merged build of this stop's helpers the same rules read 1.5% (15/1,000): other draws of the same lists (TimeTool, get_ticker_detail, search_google_scholar), so the gate allows 2%.
  // h-evol27 (evolve 77): harder tools and mixed take only a case with a doc that can be made harder, and such a case takes a variant that is: 0/1,000 on its b3 (20/1,000 on g0), so the gate drops to 0.5%.
  harder_tools_wording_only: 0.005,
  harder_tools_object_dropped: 0,
  harder_tools_mood_mismatch: 0,
  harder_tools_list_mood_mixed: 0.005, // 3/1,000 on h-evol32 b7: lists whose only swap would give back the source's own words (harder_tools_wrapped)
  long_context_question_brushed_off: 0,
  long_context_milk_twice: 0,
  long_context_readback_unfaithful: 0,
  long_context_grants_for_cafe: 0,
  long_context_customer_line_repeats: 0,
  noise_reason_beside_own: 0,
  noise_aside_splits_reference: 0,
  long_context_order_said_twice: 0,
  long_context_customer_named: 0,
  // Gated again (evolve 83): a distractor of the other frame is re-framed (stages/evolve/docFrame.ts), so a same-frame doc is always
  // possible, whatever the pool holds (76/1,000 on g0, 0 after; the tests' small release build too).
  extra_tools_doc_frame_foreign: 0,
  noise_repeats_itself: 0,
  noise_typo_real_word: 0,
  noise_time_beside_request_time: 0,
  // harder-tools-14 (one of six draws per tool per case): 59.9% of rewrites hold their tool's top wording (99.7% under harder-tools-13, 175 of 178 tools with one wording); short docs ("Adds text page of ppt.") keep it above 0.
  harder_tools_stock_wording: 0.55, // 0.489 on lead40 m12 (harder-tools-22's purpose frames); 0.65 before
  extra_tools_same_function: 0,
  extra_tools_serves_unmet_ask: 0,
  tool_doc_unrepaired: 0,
  extra_tools_unrelated: 0.01,
  context_one_sided: 0,
  context_unanswered_turn: 0,
  simulated_answer_incoherent: 0,
  simulated_answer_contradicts: 0,
  repeated_read_answered_differently: 0,
  simulated_author_claims_others_paper: 0,
  // 3/60 left: a later email quotes a listing title the plan carries into the same record (copiedTitles), against the recording.
  simulated_record_contradicts_recording: 0,
  simulated_fact_contradicted_later: 0,
  // One film, one set of facts in a case (h-sim14: 24/160 -> 0/160; KnownFacts.films).
  simulated_film_facts_disagree: 0,
  // h-fields28: a simulated film running no feature film's length (Nowhere at 12 minutes, teval_query_262_2): 12/122 on g0, 16/112 on h-fields28 b3 -> 0 (api-simulator-134).
  simulated_film_runtime_implausible: 0,
  simulated_records_unlike_recorded: 0,
  // Serper's results written as the recordings write them ({searchParameters, organic: [{title, link, snippet, position}]}, recordedSearch.ts): 62/2130 on f36 -> 0/2130 (api-simulator-87); 579/2138 before api-simulator-84.
  simulated_shape_unlike_recorded: 0,
  simulated_placeholder_located: 0,
  shown_answer_unattributed: 0,
  simulated_placeholder_text: 0,
  simulated_contradicts_world: 0,
  simulated_address_foreign: 0,
  answer_unsupported: 0,
  env_error_unfit_tool: 0,
  env_error_retry_futile: 0,
  thought_request_place_called_pick: 0,
  env_retry_before_wait: 0,
  env_failed_call_to_itself: 0,
  decode_failure_thought_misread: 0,
  failure_local_blamed_on_service: 0,
  skip_thought_double_with: 0,
  answer_verdict_list_restated: 0,
  failure_thought_limit_misread: 0,
  skip_thought_repeats_failed_intent: 0,
  trip_to_itself_anywhere: 0,
  gt_other_item_than_asked: 0,
  gt_drops_request_genre: 0,
  gt_acts_on_unshown_record: 0,
  gt_act_never_performed: 0,
  gt_content_never_written: 0,
  gt_other_day_than_asked: 0,
  gt_route_never_fetched: 0,
  gt_named_value_left_out: 0,
  gt_unrequested_news: 0,
  gt_unrequested_distance: 0,
  env_label_text_mismatch: 0,
  value_error_accepted_slip: 0,
  simulated_venue_mangled: 0,
  error_accepted_impossible: 0,
  gt_placeholder_argument: 0,
  shown_placeholder_argument: 0,
  gt_branch_contradicted: 0,
  // A listing found unavailable for a request picking available ones, then gone on with (h-solv26; 44/77 on f56, 0 after api-simulator-112 and resolve 25).
  plan_goes_on_unavailable: 0,
  gt_content_named_not_given: 0,
  gt_body_misses_requested_detail: 0,
  gt_repeats_answered_read: 0,
  gt_text_invents_specific: 0,
  gt_endpoint_not_requested: 0,
  gt_closes_mid_pattern: 0,
  gt_path_drops_named_folder: 0,
  gt_unrequested_write: 0,
  thought_quote_cut_short: 0,
  thought_quote_splits_unit: 0,
  thought_request_misquoted: 0,
  thought_file_type_mismatch: 0,
  thought_list_as_code: 0,
  thought_list_unsaid: 0,
  thought_number_quoted: 0,
  thought_answer_value_untied: 0,
  thought_frame_repeated_in_case: 0,
  thought_new_part_mid_loop: 0,
  thought_tie_cites_echo: 0,
  thought_listing_placed_afresh: 0,
  thought_value_restated: 0,
  thought_next_twice: 0,
  thought_day_contradicts_request: 0,
  thought_asked_for_misread: 0,
  thought_given_key_stiff: 0,
  thought_tie_cites_prose: 0,
  answer_points_run_together: 0,
  thought_arg_key_pasted: 0,
  thought_tool_verb_echoed: 0,
  thought_noun_agreement: 0,
  gt_repeats_answered_call: 0,
  long_context_closing_repeated: 0,
  long_context_closing_shape: 0,
  long_context_readback_incomplete: 0,
  long_context_lowercase_line: 0,
  long_context_thought_disagrees: 0,
  long_context_thought_detail_garbled: 0,
  long_context_thought_denies_said: 0,
  long_context_thought_repeats: 0,
  long_context_spliced_line: 0,
  long_context_speaks_as_cafe: 0,
  long_context_readback_echo: 0,
  long_context_readback_dangling: 0,
  long_context_menu_capitalised: 0,
  long_context_proper_name_lowered: 0,
  long_context_situational_claim: 0,
  long_context_states_menu: 0,
  long_context_wrong_article: 0,
  long_context_confirms_nothing: 0,
  long_context_readback_repeated: 0,
  long_context_misspelt_drink: 0,
  long_context_menu_clause_garbled: 0,
  long_context_filler_stacked: 0,
  long_context_acknowledgement_repeated: 0,
  long_context_reply_as_customer: 0,
  long_context_readback_garbled: 0,
  long_context_short_order_cut: 0,
  long_context_plural_agreement: 0,
  long_context_turn_not_following: 0,
  long_context_menu_claim_contradicted: 0,
  long_context_name_half_cased: 0,
  long_context_item_article_missing: 0,
  long_context_espresso_counted: 0,
  long_context_menu_thought_topic: 0,
  long_context_menu_reply_off_topic: 0,
  long_context_readback_place_dropped: 0,
  long_context_readback_name_dropped: 0,
  long_context_readback_tea_name_dropped: 0,
  long_context_some_drink: 0,
  long_context_corpus_line_spliced: 0,
  long_context_readback_modifier_misattached: 0,
  long_context_confirmation_misfits: 0,
  long_context_closing_drops_confirmed: 0,
  long_context_short_order_split_lost: 0,
  simulated_path_unusable: 0,
  simulated_success_ruled_out: 0,
  simulated_status_names_other_path: 0,
  similar_films_list_itself: 0,
  // h-sim20: similar films as titled TMDB records (33/33 → 0), a simulated clock at the now a later step writes (10/137 → 0), a toolkit's answers in one form (64/462 → 0).
  similar_films_untitled: 0,
  similar_films_unlike: 0,
  simulated_list_id_repeated: 0,
  simulated_clock_contradicted_later: 0,
  wrong_call_form_unlike_toolkit: 0,
  // h-sim20: a name the task's own plan writes is no name made from the search phrase (23/228 on f28 were T-Eval's "Wegmans Catering", "Gulf Gas Station"; 0 after).
  simulated_place_named_by_search: 0,
  simulated_place_unfit_kind: 0,
  simulated_real_venue_misplaced: 0,
  // h-sim20: no places listed by a nearby search centred where nothing is (7/100 on f28 → 0).
  simulated_nearby_at_nothing: 0,
  // h-sim21: a record's address and coordinates name one spot, each place its own distance, a nearby search's places near its centre (api-simulator-84).
  simulated_address_off_coordinates: 0,
  simulated_distance_same_for_all: 0,
  simulated_nearby_far_from_centre: 0,
  simulated_route_ramp_onto_surface_road: 0,
  simulated_route_road_unnamed: 0,
  simulated_route_wrong_way: 0,
  simulated_route_river_uncrossed: 0,
  simulated_route_park_centre: 0,
  simulated_distance_off_named_places: 0,
  // h-geo27: a trip between two addresses of one town is a drive across it, one between far places at least their straight line (api-simulator-123).
  simulated_distance_beyond_town: 0,
  simulated_distance_short_for_far_places: 0,
  simulated_distance_off_real_places: 0,
  simulated_geocode_off_real_place: 0,
  simulated_station_name_made_up: 0,
  // h-geo27: a nearby answer's made-up places are city places in a city, each at its own door, none at a real venue's (api-simulator-124).
  simulated_place_wild_in_city: 0,
  simulated_places_share_address: 0,
  simulated_place_at_real_venue_address: 0,
  simulated_geocode_off_famous_address: 0,
  simulated_address_number_off_street: 0,
  simulated_address_town_not_town: 0,
  simulated_sight_made_up: 0,
  simulated_place_made_up_where_known: 0,
  // h-geo31: made-up places where T-Eval recorded a search of the same place and kind ("Bistro Basile" among restaurants near Times Square, teval_query_264_0).
  simulated_nearby_unlike_recorded: 0,
  // h-geo31: a drive between towns whose streets head away from the destination (teval_query_269_0); a route arriving on another street than its end's address (266_0).
  // 3/72 (4.2%) left on h-geo31's b3: one drive from City Hall to Miami (teval_query_272_0) sets off north on Mulberry Street, the only drawn streets by City Hall
  // pointing north (the map draws no Lower Manhattan street running south; a real drive there leaves by the Holland Tunnel, north-west, too).
  simulated_route_heads_away: 0.05,
  simulated_route_arrives_off_street: 0,
  answer_argument_as_name: 0,
  // h-sim22: a simulated id in a form its field's recorded ids take (ReserveMeeting's rooms 101-103, not 67977; Airbnb's 8-digit ids, not 77957): 188/317 on f36 → 0 (api-simulator-87).
  simulated_id_unlike_recorded: 0,
  // A simulated value in another form than its field's recordings share (Airbnb review times '08:00' beside '2023-10-17T20:10:47Z'): 826/1,538 on f56 -> 13 (api-simulator-112, valueForms.ts);
  // the 13 are one trajectory (teval_query_431_2) whose plan's review line "Rating: N/A" is carried as Inception's vote_average, left for the carrier rules.
  // h-fields27/28: widened to Airbnb details titles (parts joined by " · "), "N/A" carried into no field: 215/1,509 on main's g0 (ddc3419) -> 0/1,501 on h-fields28 b3; gated at 0.
  simulated_field_form_unlike_recorded: 0,
  // h-fields27: a simulated float with decimals no recorded value of its field has (Bing distance 6.1 beside 4669.773, 0.807; latitude 40.758309 beside 34.10173035): 264/984 on main's g0 (ddc3419) -> 0/975 on h-fields28 b3 (api-simulator-133, valueForms.ts).
  simulated_decimals_unlike_recorded: 0,
  simulated_list_shorter_than_recorded: 0,
  simulated_summary_opens_with_title: 0,
  // h-fields29: a simulated number of a real film far from every value T-Eval recorded for it (The Godfather at popularity 1576.114, recorded 118.372): 292/302 on g0 -> 0/347 on h-fields29 b2 (api-simulator-137, knownFacts.ts withRecordedFilms); a number the task's own plan writes is not judged.
  simulated_film_number_off_recorded: 0,
  // h-fields29: a simulated film popularity beyond twice the highest T-Eval recorded (The Matrix at 17776.454 where the recordings give an older film at most 1462.024, any at 2919.272): 335/358 on g0, 34/380 on h-fields29 b2 -> 0/380 on b5 (api-simulator-137, worldAnswer.ts filmPopularity).
  simulated_film_popularity_beyond_recorded: 0,
  // h-fields29: a simulated record's summary that only restates its title (a news item's summary its headline with a full stop): 16/237 on g0 -> 0/189 on h-fields29 b2 (api-simulator-137, simulatedText.ts NEWS).
  simulated_text_restates_title: 0,
  // h-fields29: a simulated stay cost that is no nightly rate ($47.96 for seven nights in New York): 18/40 on g0 -> 0/27 on h-fields29 b5 (api-simulator-137, simulatorRules.ts stayNights).
  simulated_stay_cost_per_night_implausible: 0,
  io_error_direction_wrong: 0,
  one_api_two_forms: 0,
  simulated_list_mixed_types: 0,
  simulated_records_repeated: 0,
  thought_states_dropped_value: 0,
  // h-key1: a key error leaves out no required key whose value the case never states (12/418 on f28 → 0/401; error-injectors@46).
  key_error_value_unstated: 0,
  thought_doc_residue: 0,
  thought_doc_lifted: 0,
  thought_misplaces_step: 0,
  thought_malformed: 0,
  thought_claims_given_value: 0,
  thought_false_sequence: 0,
  thought_done_after_lead: 0,
  thought_contradicts_call: 0,
  thought_args_waved_off: 0,
  failure_thought_kind_unsaid: 0,
  failure_thought_connection_misread: 0,
  thought_content_free: 0,
  thought_claims_work_done: 0,
  thought_value_miscounted: 0,
  thought_closing_fact_empty: 0,
  thought_closing_fact_unasked: 0,
  thought_key_bare: 0,
  thought_lookup_printed: 0,
  thought_intent_doc_phrase: 0,
  forecast_days_in: 0,
  // A sentence tied to its case recurs with its trajectory (the arXiv search cut at several steps: 41 of 2,186); a template is in hundreds.
  thought_sentence_repeated: 0.025,
  thought_frame_top_share: 0.05,
  thought_frame_top_share_wrong: 0.02,
  // A stock link ("I will call `…`", "Next,") in 18.6% of thoughts on g0; 10.5% after thought-writer-34 (the top is then the answer tie "From `…` I know that").
  thought_link_top_share: 0.12,
  thought_request_uncited: 0,
  long_context_thought_drink_short: 0,
  long_context_readback_addin_dropped: 0,
  long_context_check_before_readback: 0,
  long_context_readback_of_question: 0,
  long_context_drink_cut: 0,
  long_context_readback_item_dropped: 0,
  long_context_readback_modifier_lost: 0,
  error_thought_quotes_other_role: 0,
  long_context_closing_repeats_item: 0,
  long_context_upstream_slip: 0,
  gt_text_unlike_dictated: 0,
  gt_text_unlike_answer: 0,
  thought_raw_key_noun: 0,
  gt_argument_kind_mismatch: 0,
  gt_author_undecided: 0,
  shown_author_confused: 0,
  gt_pick_undecided: 0,
  gt_forecast_days_unanchored: 0,
  gt_query_wording_unfixed: 0,
  answer_failure_waiting_told_pending: 0,
  answer_failed_task_overcounted: 0,
  gt_skips_listed_sibling: 0,
  gt_find_serves_step: 0,
  gt_ticker_left_out: 0,
  gt_today_tool_for_other_day: 0,
  context_escape_residue: 0,
  tool_select_early_step: 0,
  tool_select_later_step_tool: 0,
  tool_select_later_lookup_tool: 0,
  simulated_ticker_ignored: 0,
  simulated_forecast_misdated: 0,
  simulated_author_affiliation_unfounded: 0,
  simulated_scholar_author_id_unlike: 0,
  value_implausible: 0,
  value_error_near_miss: 0,
  value_error_truth_underivable: 0,
  value_error_flag_undecided: 0,
  value_error_flag_widens: 0,
  value_error_area_swap: 0,
  value_error_other_kind: 0,
  value_error_swap_undecided: 0,
  answer_field_unphrased: 0,
  answer_withholds_fields: 0,
  answer_text_size_only: 0,
  answer_claims_whole_request: 0,
  answer_nested_unphrased: 0,
  // One frame ("I checked with `X`: …") held 25.5% (26/102) of T-Eval's closing answers, 10.8% of all.
  answer_frame_top_share: 0.12,
  answer_frame_top_share_teval: 0.15,
  weekday_contradicts_clock: 0,
  simulated_date_contradicts_today: 0,
  // h-serper24: a paper or result the case shows dated after its today (a recorded arXiv paper of 2022-08-01 beside a
  // simulated clock at 2020-09-29): 17/27 on f46 -> 0 (api-simulator-102: a clock on its recordings' day, undated answers before it).
  shown_published_after_today: 0,
  // h-serper24: a shown answer holding more items than its shown doc allows (Serper's recorded 10 under "at most 3 items"): 11/745 on f46 -> 0 (cut, said in provenance.methods.recordingCut).
  shown_answer_over_doc_cap: 0,
  simulated_text_repeated: 0,
  simulated_name_lowercased: 0,
  simulated_answered_in_english: 0,
  simulated_authors_foreign_to_subject: 0,
  simulated_paper_frame_top_share: 0.05, // h-sim19: 48 frames, 0.040 (5/126 distinct titles) on the default build
  simulated_phrase_misfit: 0,
  simulated_review_rating_fractional: 0,
  simulated_review_clause_repeated: 0,
  simulated_review_street_off_stay: 0,
  simulated_review_clause_top_share: 0.1,
  simulated_route_impossible: 0,
  // A route and the distance the case shows agree: a distance asked after a route is what its legs add up to (h-sim19,
  // knownFacts.ts tripDistance), and a drive across one town takes one length from its two ends (h-sim18, trips.ts localKm): 15/170 -> 0.
  simulated_route_off_distance: 0,
  simulated_route_off_place: 0,
  simulated_route_streets_apart: 0,
  // A highway across town only where its line runs between the ends; an island reached by its ferry (h-sim25, api-simulator-106): 28/37 on f52 -> 0.
  simulated_route_road_astray: 0,
  gt_number_unit_off_doc: 0,
  gt_arg_unit_off_doc: 0,
  // Summaries beside titles they do not describe, a topic echoed as a film title: 20.1% (64/319) before.
  simulated_text_off_topic: 0,
  simulated_unknown_title_invented: 0,
  simulated_title_template_misfit: 0,
  simulated_search_names_none: 0,
  simulated_search_kind_misfit: 0,
  simulated_search_says_nothing: 0,
  // h-serper24: a simulated web result that is a page of a real site the page table does not hold (a made-up
  // "Artificial Intelligence Ethics | Britannica", a Reddit thread with a drawn id): 38/69 on f46 -> 14/69 on api-simulator-103,
  // the searches no real page is held for ("latest articles on mathematics education", "'The Lost City' movie news"; from 104
  // "recent publications on quantum physics" too, 4 more); reported, not gated.
  // h-serper25: a simulated arXiv answer listing a paper no T-Eval recording lists ("number theory" -> "Key debates in number
  // theory" by Keiko Jensen): 217/384 on f52 -> 0 (api-simulator-107: recorded papers only, arxivPapers.ts).
  simulated_arxiv_paper_unrecorded: 0,
  simulated_search_for_id_invents: 0,
  simulated_status_unlike_recorded: 0,
  // "Riverside / Old Town / Greenleaf Restaurant", addresses ending in the hotel searched from: 31.7% (198/624) before.
  simulated_venue_templated: 0,
  simulated_scholar_off_field: 0,
  simulated_abstract_misread: 0,
  simulated_news_headline_unlike_summary: 0,
  // "Museum of Natural History" at "121 Vermont Avenue" (Los Angeles), "Museum of Modern Art" at a drawn Times Square address: 5.7% (31/546) before.
  simulated_place_real_institution: 0,
  // A five-step route from "1600 Pennsylvania Ave NW, Washington, DC" to itself: 0.8% (2/260) before.
  simulated_trip_to_itself: 0,
  // A stock closing line in every arXiv summary ("The paper is written for readers new to the area…"): 90.4% (227/251) before.
  simulated_abstract_stock_sentence: 0,
  // "Hotel in Minato City" at "4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo"; "since 2015" in a paper of 2011.
  // h-geo29: the remainder read as T-Eval's own ("Hostel in Chiyoda City" at "Taito City, Tokyo, Japan", "Home in Huntington
  // Beach" at "Culver City") was the simulator's: a recorded name and a planned address of two listings, put on one;
  // widened to a named town 10+ km from the address's ("in San Francisco" at "San Bruno"): 33/344 on g0; api-simulator-137: 0.
  simulated_listing_place_mismatch: 0,
  // h-geo29: "Condo in San Bruno" at coordinates in San Francisco's Chinatown; "Condo in Eiffel Tower" (api-simulator-137).
  simulated_listing_title_off_place: 0,
  simulated_snippet_after_publication: 0,
  answer_failure_no_next_step: 0,
  answer_names_api: 0,
  answer_failure_raw_exception: 0,
  answer_failure_task_unsaid: 0,
  answer_failure_choice_unclear: 0,
  // After a failure the turn stopped at: the question offered to go on without the step ("or carry on without it?")
  // though nothing left could run without it, and "one of the two steps" counted only the steps tried, not the
  // request's (answer-writer-48; before = 494cdd3).
  answer_failure_offers_going_on: 0,
  answer_step_count_false: 0,
  // "Getting the weather today needs it first." after a failed arXiv search (rread9 on m20: 16/168 by hand; answer-writer-52).
  answer_failure_blames_unrelated: 0,
  external_retry_may_repeat: 0,
  skip_thought_same_call_unnamed: 0,
  answer_failure_misreported: 0,
  answer_failure_cause_generic: 0,
  answer_authors_unjoined: 0,
  answer_search_term_unsaid: 0,
  answer_subject_repeated: 0,
  answer_symbol_unexplained: 0,
  answer_list_unnamed: 0,
  answer_verdict_off_question: 0,
  answer_facts_restated: 0,
  answer_field_untranslated: 0,
  long_context_with_twice: 0,
  answer_place_as_coordinates: 0,
  answer_code_quoted: 0,
  thought_sentence_doubled: 0,
  gt_thought_last_call_stale: 0,
  answer_thing_named_twice: 0,
  answer_search_frame_twice: 0,
  answer_searches_told_alike: 0,
  answer_now_twice: 0,
  answer_name_said_again: 0,
  thought_list_place_unsaid: 0,
  thought_title_link_unsaid: 0,
  answer_verdict_rest_apart: 0,
  answer_parent_as_dots: 0,
  answer_now_in_left: 0,
  answer_then_twice: 0,
  answer_search_service_unsaid: 0,
  coordinate_against_doc: 0,
  answer_coordinates_as_text: 0,
  thought_file_named_bare: 0,
  answer_unit_fronted: 0,
  answer_and_run_on: 0,
  answer_fs_step_after_unrun_cd: 0,
  answer_failure_repeat_dropped: 0,
  thought_retry_reason_unsaid: 0,
  thought_again_every_retry: 0,
  thought_answer_cited_twice: 0,
  answer_failure_task_twice: 0,
  answer_written_text_unsaid: 0,
  call_review_unshown: 0,
  answer_film_left_unnamed: 0,
  answer_failure_it_far: 0,
  thought_quote_opens_conjunction: 0,
  answer_unit_case_mixed: 0,
  thought_serial_comma_needless: 0,
  thought_fact_half_said: 0,
  thought_source_call_unsaid: 0,
  answer_search_told_bare: 0,
  answer_record_label_frame: 0,
  answer_state_told_each_step: 0,
  answer_listing_after_use: 0,
  thought_brackets_nested: 0,
  answer_record_by_unshown_id: 0,
  answer_deed_against_verdict: 0,
  answer_frame_twice_in_row: 0,
  answer_search_term_twice: 0,
  long_context_readback_opener_twice: 0,
  answer_most_awaited_unranked: 0,
  thought_retry_may_pass: 0,
  thought_reply_quoted: 0,
  answer_failure_pronoun_unclear: 0,
  doc_params_described_alike: 0,
  thought_call_goes_again: 0,
  answer_cut_list_told_whole: 0,
  long_context_word_doubled: 0,
  answer_parameter_as_thing: 0,
  thought_record_of_numbers: 0,
  thought_unit_as_noun: 0,
  thought_number_quoted_as_text: 0,
  thought_plural_key_one_value: 0,
  answer_clock_split: 0,
  answer_conversion_apart: 0,
  harder_tools_shouting: 0,
  answer_waiting_tasks_unmerged: 0,
  answer_sent_told_under: 0,
  answer_nearest_unsaid: 0,
  answer_done_said_twice: 0,
  answer_told_after_use: 0,
  answer_weather_of_place: 0,
  answer_failure_frame_top_share: 0.12,
  answer_canned_opener: 0,
  answer_field_dump: 0,
  // A record read out as its fields, a check told as undecided where a result decides it, and failure
  // answers opening with one canned sentence (answer-writer-43; before = 633ada7).
  answer_record_dump: 0,
  // A film told as one comma run with its overview quoted inside, a film named by its id after its title, the user's question handed
  // back ("I can't tell from this whether …"), deeds told "I …ed …." sentence after sentence, one film's task where the user asked for
  // several (answer-writer-55; before = 4f07e43).
  // Reported, not yet gated (left on 55's build): answer_record_comma_run 4/1513 (a stock's description inside a company record,
  // teval_query_315_1), answer_deed_run 2/1513 ("I found …" twice running, teval_query_92_2), answer_pending_singular 6/498
  // (teval_query_217_1: the failed film and the waiting ones split across the opener).
  answer_id_for_title: 0,
  answer_question_parroted: 0,
  // The last of both: "I found …"/"I came across …" twice running (teval_query_264_0, 92_2) and a company's description inside its
  // record's comma run (teval_query_315_1), gated at 0 (answer-writer-59; before = f3b29f2 on f28's db: 7/1560, 1/1560).
  answer_deed_run: 0,
  answer_record_comma_run: 0,
  // A placeholder read as a fact ("Jane Brown is at Unknown affiliation", "rating null"), a long text told by its word count or a
  // record's fields chained with "and with" ("by Xia Hu and with summary 106 words of text, opening with …"), one film's task left
  // to do where the user asked for three (answer-writer-56; before = 6f06dd0: 16/1532, 122/1532, 3/527).
  answer_placeholder_fact: 0,
  answer_field_word_count: 0,
  answer_pending_singular: 0,
  // A stock order's status left as a label ("…, status Pending"), a look-up's records counted as search results ("For AAPL, I found
  // 1 result: …"), a failed look-up for one film found alone told as for several ("getting the reviews of the five films" for
  // "Inception") (answer-writer-91, h-answers27; before = g0 (main 6262b35): 109/4926, 29/4926, 2/…).
  answer_order_label_tail: 0,
  answer_records_called_results: 0,
  answer_failed_film_counted: 0,
  // A count of one told as a tally's digit ("found 1 paper: …", "There is 1 line in …"), answer-writer-91: before = g0.
  answer_one_counted_as_digit: 0,
  // Reading a file told as "getting the file" (answer-writer-91): before = g0.
  answer_read_told_as_got: 0,
  // A found thing told by its fields' names ("The id is 78156 and the title is …"), answer-writer-91: before = g0.
  answer_record_by_field_names: 0,
  // A look-up's text the user asked to be given told by nothing but the deed that saved it (answer-writer-91): before = g0.
  answer_asked_text_withheld: 0,
  // A route's directions run together as things it holds (the route has "Head east …", … and "Arrive at …"), answer-writer-92: before = g0.
  answer_steps_as_things: 0,
  // A grep run to learn a function's name answered by quoting the line it found ("def deploy(): # update …"), answer-writer-92: before = g0.
  answer_grep_name_unsaid: 0,
  // A review's machine timestamp quoted as it came ("posted "2023-10-12T12:00:34Z""), answer-writer-92: before = g0.
  answer_timestamp_quoted: 0,
  // "Sorry. Unfortunately, …": an apology said twice in a row (answer-writer-92): before = g0.
  answer_apology_doubled: 0,
  answer_same_value_run: 0,
  // "but not getting the details of the three films" where the request singles out "the first movie" (answer-writer-92): before = g0.
  answer_singled_film_counted: 0,
  // The most common statement opening's share of distinct trajectories ("I found that …" 26/242 = 0.107 on g0; answer-writer-92).
  answer_opening_frame_top_share: 0.09,
  // The most common whole statement's share of distinct trajectories, values blanked ("Sorry." 10/241 = 0.041 on g0; answer-writer-94 folds the apology into its sentence).
  answer_sentence_frame_top_share: 0.05,
  answer_failed_called_pending: 0,
  answer_label_run: 0,
  // A pressure check told as healthy under the user's own floor, a zip code or airport looked up only to be handed on told as news,
  // a record's other fields told where one was asked (answer-writer-52; before = efda615).
  answer_threshold_contradicted: 0,
  answer_means_told: 0,
  answer_unasked_fields: 0,
  answer_opener_contradicts: 0,
  answer_check_undecided: 0,
  answer_state_told_after_change: 0,
  answer_lookup_told_between: 0,
  answer_opener_top_share: 0.15,
  answer_restates_asked: 0,
  answer_echo_frame: 0,
  // How successful results are told (answer-writer-31; before = ec88994, over all 1,480 cases with a closing answer):
  // "I sent the email. I sent the email.": 2.3% (34/1,480) before.
  answer_sentence_repeated: 0,
  // "timestamp 1696896000000": 0.9% (13/1,480) before.
  answer_raw_timestamp: 0,
  // "The distance is 980." (the doc says km), "That is 10.56688 gallons." (for 40 liters): 17.9% (265/1,480) before.
  answer_unitless_number: 0,
  // An amount without its currency ("The flight costs 400."), answer-writer-38.
  answer_amount_unitless: 0,
  // A failed action said as a thing to get ("get the trading logout"), answer-writer-38.
  answer_action_unphrased: 0,
  // "The time is "2020-09-29 05:30".", "the lock status is "locked"": 24.4% (361/1,480) before.
  answer_quoted_scalar: 0,
  // "I logged in, and the message reads "User 'USR001' logged in successfully."": 22.2% (329/1,480) before.
  answer_echoes_done: 0,
  // "I created the file." for outputs/GlobalWarming.ppt: 6.4% (94/1,480) before.
  answer_action_unnamed: 0,
  // asked for "the property ID, name, and address", given the names: 7.0% (103/1,480) before.
  answer_asked_field_missing: 0,
  // a yes/no question ("check if there are any rooms free …", "verify if my tire pressure is in check")
  // answered without yes or no first: 4.9% (72/1,484) before (answer-writer-34).
  answer_yesno_unanswered: 0,
  // "There are 2 results; in the first, …": 1.7% (25/1,480) before.
  answer_list_first_only: 0,
  answer_asked_count_cut: 0,
  answer_whole_list_cut: 0,
  answer_lists_untold: 0,
  // "Here is what I found. I placed the order …": 7.3% (108/1,480) before.
  answer_opener_mismatch: 0,
  // answer-writer-62 on f31 (of 1,589 cases showing or asking for a closing answer): "the diff lines read an empty text" 17,
  // "the directory I was in then held …" 41, "summed up as "…." and by Noah Evans" 5, "When I tried to …, the service is …" 15.
  answer_empty_text_read: 0,
  answer_then_listing: 0,
  answer_record_flag_read_raw: 0,
  answer_status_lines_quoted: 0,
  long_context_readback_run_on: 0,
  gt_ticker_of_other_security: 0,
  // h-plans23: a ticker searched by a film's title (479_1), a Scholar search for a request asking nothing scholarly (305_0, 446_0), a [SPAN] splitting one bullet (456_1).
  gt_ticker_by_film_title: 0,
  // h-plans24: a ticker for a company the request does not name (289_0), reviews read unasked (272_0), a file described before it is read (116_1), the user's own content restated, never given (466_2).
  gt_ticker_not_named: 0,
  gt_unrequested_reviews: 0,
  gt_text_before_read: 0,
  gt_own_content_not_given: 0,
  gt_film_search_for_place: 0,
  gt_scholarly_search_unasked: 0,
  shown_bullet_split: 0,
  shown_list_unlike_doc: 0,
  simulated_status_list_omits_used: 0,
  simulated_status_contradicts_check: 0,
  answer_text_then_field: 0,
  answer_tense_slip: 0,
  // "The last lines of "file1.txt" read "…"" for the one line tail gave 41, "Account details: account id 12345, balance 40000 …" 23 (+3 hits of a failure answer's "Still to do:", no label, left out).
  answer_one_line_as_lines: 0,
  answer_id_named_twice: 0,
  // answer-writer-67 on f36 (of 1,522 cases showing or asking for a closing answer): one linking word opening two sentences 26,
  // a step never tried named beside the failed one in the opener 42, a field's name made a quote's subject 97,
  // a grep's matching lines never quoted 6, an address run on into the next fields 3; 0 each on answer-writer-68.
  answer_link_repeated: 0,
  answer_opener_untried: 0,
  answer_field_name_frame: 0,
  answer_grep_lines_unsaid: 0,
  answer_address_run_on: 0,
  answer_labelled_line: 0,
  tool_select_helpful_lookup: 0,
  // A wrong call wrong a second way besides its label (errors/wrongCall.ts): a wrong tool's arguments its doc rules out, a key error changing a value, a value error of another type.
  wrong_call_second_defect: 0,
  // A "wrong tool" a careful agent may well call (pipeline/errors/benignSelect.ts), gated since error-injectors@31:
  // a pre-check before a change (pwd before cd, ticket_get_login_status before create_ticket, get_flight_cost before book_flight),
  // a look at the session before a read of a named object (ls before cat(file3.txt)), a read whose answer holds the correct one's.
  tool_select_plausible_precheck: 0,
  tool_select_status_look: 0,
  // A wrong tool that removes what the request never asked to remove (errors/destructive.ts), gated since error-injectors@52 (h-read23): 51/285 on f44 → 0.
  tool_select_destroys_unasked: 0,
  // h-plans23: a wrong tool that is a fair reading of the request's verb (get_property_details for "review no more than three of these properties", 0_1).
  tool_select_fair_reading: 0,
  // A wrong tool that carries on the plan (h-solv26; 4/249 on f56: 172_0, 262_2).
  tool_select_continues_plan: 0,
  tool_select_repeats_previous: 0,
  tool_select_answer_equivalent: 0,
  simulated_list_short: 0,
  simulated_answer_unasked_items: 0,
  simulated_title_ungrammatical: 0,
  simulated_geocode_off_place: 0,
  simulated_weather_implausible: 0,
  simulated_record_self_contradicted: 0,
  value_error_not_wrong: 0,
  error_changes_state: 0,
  env_error_names_toolkit: 0,
  // A simulated failure whose count is not over the limit it says was passed ("4 calls are already running, over the limit of 4 at once"), gated since api-simulator-91 (h-read23): 4/679 on f44 → 0.
  env_error_limit_not_passed: 0,
  // A failure whose status or errno and stated cause disagree (a 403 "because the authorization service did not respond", an errno-13 PermissionError blamed on expired session credentials, "[Errno 110] Operation timed out"), gated since env-wording-9 (h-env24): 65/800 on f46 → 0.
  env_error_cause_contradicts: 0,
  // A local throttle quoting a count of operations or calls the one-call-at-a-time history does not reach ("throttled after 20 operations in the last second" after 3 calls; "5 calls are already running, over the limit of 4 at once"), gated since env-wording-10 (h-env25): 17/196 on f52 → 0.
  env_throttle_count_unreached: 0,
  // A failure cause that does not fit what the tool does (PPT.get_image, an Internet image search, "waiting for a lock another operation holds on the file"; a network fault on a car's controls), gated since env-wording-10 (h-env25): 3/691 on f52 → 0.
  env_error_unfit_nature: 0,
  // A remote rate limit quoting a per-key allowance the history cannot check ("Rate limit exceeded for get_distance: 60 requests per minute allowed" after 2 calls), gated since env-wording-11 (h-envbase26): 15/525 on f56 → 0.
  env_rate_allowance_quoted: 0,
  // A closing answer telling a look-up of "the details" of nothing ("Getting the details came through; placing the buy order did not."), gated since answer-writer-87 (h-envbase26): 26/1,594 on f56 → 0.
  answer_details_of_nothing: 0,
  // One number told in two units of one dimension across a case's answers ("the distance is 750 km", then "the 750-mile drive"), money aside, gated since answer-writer-87 (h-envbase26): 2/1,594 on f56 → 0.
  answer_units_differ: 0,
  // One thing asked picked from a list ("the details of the highest-rated movie") answered by the list alone, gated since answer-writer-99 (h-answers32).
  answer_pick_unsaid: 0,
  // A partial failure's failed part said in the opener and again after the findings, gated since answer-writer-99 (h-answers32).
  answer_failure_said_twice: 0,
  // A service's message to a deed quoted back ("the reply reads "Navigating to …"") instead of said as what happened, gated since answer-writer-99 (h-answers32).
  answer_reply_quoted: 0,
  // A failure closing telling a step the request asks for only on a condition as planned ("Without it I can't go on to find the nearest tire shop." after "If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?"), gated since answer-writer-88 (h-envbase26): 31/516 on f56 → 0.
  answer_conditional_as_planned: 0,
  answer_task_noun_bare: 0,
  // One drawn Scholar title listed under two ids or citation counts in one task (teval_query_187_0: "Quantum computing: a review" as vpqgLoqv6xAZ cited by 8336, then as YH5jfPBH829m cited by 14734), gated since api-simulator-124 (lead): 8/185 on g0 → 0.
  simulated_scholar_record_repeated: 0,
  // Scholar's MLA references as Scholar gives them (plain text, initials with stops, the listed title's case) and real journal volumes for their years (api-simulator-137: 95/95 and 95/152 on g0 of 2026-11-28's second stop → 0).
  simulated_citation_unlike_scholar: 0,
  simulated_journal_volume_impossible: 0,
  // A simulated web result that is a page of a real site the page table does not hold (a Reddit thread at a drawn id for "The Godfather movie information"), gated since api-simulator-123 (lead): 5/87 on g0 → 0.
  simulated_search_made_up_page: 0,
  // A tool selection CoT thought stating the wrong tool's own act the request never asks ("to create a new directory" for "cd within 'ResearchDocs'"), gated since error-injectors@55 (h-env24): 73/110 on f46 → 0.
  tool_select_thought_states_other_act: 0,
  // A closing answer after a failure naming a waiting step by a value only the failed call would have shown ("Adding "ZETA" to the watchlist needs it first."), gated since answer-writer-77 (h-env24): 13/519 → 0.
  answer_failure_unshown_value: 0,
  simulated_unknown_record_found: 0,
  // Gated at 0 since error-injectors@30: the last fallbacks (a swapped `mv` pair, `startEngine` without its START) now keep the correct frame.
  error_thought_style_tell: 0,
  error_thought_args_unsaid: 0,
  error_thought_arg_order: 0,
  gt_date_unanchored: 0,
  // Gated at 0 since standardize 27 (h-solv33): a T-Eval request whose plan passes dates it never gives states them (statedDates.ts).
  shown_date_unanchored: 0,
  long_context_unbacked_claim: 0,
  long_context_splits_task: 0,
  long_context_repeated_line: 0,
  long_context_dangling_question: 0,
  long_context_empty_thought: 0,
  long_context_contradicts_tools: 0,
  long_context_declines: 0,
  // Gated at 0 since evolve 65: a drink said twice in one turn is one order (22 -> 0 of 1,000); a closing carries the options a menu question gave the order (18 -> 0).
  long_context_restated_item_counted: 0,
  long_context_closing_drops_asked: 0,
  // Gated at 0 since evolve 66: an order's drinks counted as the customer said them (34 -> 0 of 1,000).
  long_context_order_count_misread: 0,
  long_context_contradicts_itself: 0,
  long_context_greeting_reopens: 0,
  // Whole dialogues are reused (the corpus holds ~160k tokens; 1,000 insertions of 1k-3k need ~2M):
  // spread evenly, no line is in more than ~3% of them (it was 95%).
  long_context_reply_misses_order: 0,
  long_context_acknowledgement_share: 0.3,
  long_context_acknowledgement_top_share: 0.12,
  long_context_thought_frame_share: 0.5,
  long_context_line_top_share: 0.03,
  // evolve 60: an insertion words its read-backs apart (5.41 on f31 -> 1.46).
  long_context_readback_frame_repeats: 1.8,
  long_context_sentence_top_share: 0.05,
  long_context_stock_line_share: 0.3,
  // h-evol18: the last reply after a yes names the order (265 of 1,000 insertions held a bare "OK!"), and a
  // plain reply's thought says what it answers (stock "Nothing here calls for a tool" thoughts 0.368 -> 0.018).
  long_context_bare_closing: 0,
  long_context_stock_thought_share: 0.08,
};

export const ConfigSchema = z
  .object({
    seed: z.number().int().default(42),
    sources: z
      .object({
        /** A directory with the upstream files laid out like ../shared/data; default: the vendored copy. */
        dir: z.string().optional(),
        bfcl: z.boolean().default(true),
        teval: z.boolean().default(true),
      })
      .strict()
      .default({ bfcl: true, teval: true }),
    llm: LlmConfig.default(LlmConfig.parse({})),
    filter: z
      .object({
        dropDuplicates: z.boolean().default(true),
        minSteps: z.number().int().min(1).default(1),
      })
      .strict()
      .default({ dropDuplicates: true, minSteps: 1 }),
    standardize: z
      .object({
        /** Descriptions shorter than this many words are refined. */
        vagueDescriptionWords: z.number().int().min(0).default(4),
      })
      .strict()
      .default({ vagueDescriptionWords: 4 }),
    resolve: z
      .object({
        http: z.array(HttpApi).default([]),
        httpEnabled: z.boolean().default(false),
        /** Cached examples of the same API shown to the simulator. */
        simulatorExamples: z.number().int().min(0).default(3),
        /** Simulated validation errors list the accepted tools / keys (a hint no real API gives; off). */
        errorHints: z.boolean().default(false),
      })
      .strict()
      .default({ http: [], httpEnabled: false, simulatorExamples: 3, errorHints: false }),
    diversify: z
      .object({
        /** Attempts per error (internal: label-checked injection; external: simulated wording) before the item is flagged. */
        maxAttempts: z.number().int().positive().default(3),
        /** Few-shot examples of the same error type shown to the error simulator (paper: 3). */
        fewShot: z.number().int().min(0).default(3),
        /** Calls the live collector makes to an enabled HTTP API per item, keeping the failures. */
        externalCollectorRepeats: z.number().int().positive().default(5),
        /** Pause between the collector's calls, so it does not cause the rate limits it records. */
        collectorIntervalMs: z.number().int().min(0).default(250),
      })
      .strict()
      .default({ maxAttempts: 3, fewShot: 3, externalCollectorRepeats: 5, collectorIntervalMs: 250 }),
    assemble: z
      .object({
        internal: z.number().int().min(0).default(1316),
        external: z.number().int().min(0).default(174),
        cotInternal: z.number().int().min(0).default(810),
        cotExternal: z.number().int().min(0).default(126),
        /** Share of internal cases that are error-free controls. */
        errorFreeShare: z.number().min(0).max(1).default(0.2),
      })
      .strict()
      .default({ internal: 1316, external: 174, cotInternal: 810, cotExternal: 126, errorFreeShare: 0.2 }),
    evolve: z
      .object({
        internal: z.number().int().min(0).default(1000),
        external: z.number().int().min(0).default(250),
        longContext: z
          .object({
            /** Tokens of the inserted messages as the model reads them (replies as FinishAction JSON, without CoT thoughts). */
            minTokens: z.number().int().positive().default(1000),
            maxTokens: z.number().int().positive().default(3000),
            /** A JSONL file of chat messages; default: Taskmaster-4's two-sided dialogues. */
            corpus: z.string().optional(),
          })
          .strict()
          .default({ minTokens: 1000, maxTokens: 3000 }),
        extraTools: z
          .object({ min: z.number().int().min(1).default(3), max: z.number().int().min(1).default(8) })
          .strict()
          .default({ min: 3, max: 8 }),
      })
      .strict()
      .default({
        internal: 1000,
        external: 250,
        longContext: { minTokens: 1000, maxTokens: 3000 },
        extraTools: { min: 3, max: 8 },
      }),
    observe: z
      .object({
        /** Trajectories the observed model is run on (0 = all), drawn with the seed. */
        trajectories: z.number().int().min(0).default(100),
        /** Tool steps asked per trajectory (0 = all). */
        stepsPerTrajectory: z.number().int().min(0).default(3),
        cot: z.boolean().default(false),
      })
      .strict()
      .default({ trajectories: 100, stepsPerTrajectory: 3, cot: false }),
    quality: z
      .object({
        /**
         * Per measure of `pnpm report quality` (its id): the highest rate (or score, for lower-is-better
         * set measures) a release may ship with, or the lowest score for higher-is-better ones. A measure
         * without an entry is reported, not gated. Entries here override DEFAULT_QUALITY_THRESHOLDS (set one
         * to null to report that measure without gating it). `pnpm release` refuses a breach unless
         * --allow-quality-breach.
         */
        thresholds: z.record(z.string(), z.number().min(0).nullable()).default({}),
      })
      .strict()
      .default({ thresholds: {} }),
    release: z
      .object({
        /** The Hub dataset repo (org/name) `pnpm release <v> --push` uses when --push has no value. */
        hubRepo: z.string().optional(),
      })
      .strict()
      .optional(),
    verify: z
      .object({
        /** With an LLM judge: a "No" flags the case for review instead of rejecting it. */
        judgeNoMeans: z.enum(['flag', 'reject']).default('flag'),
      })
      .strict()
      .default({ judgeNoMeans: 'flag' }),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Validate a parsed config object; `origin` names the file in error messages. */
export function parseConfig(raw: unknown, origin = '<config>'): Config {
  const result = ConfigSchema.safeParse(raw ?? {});
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const path = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        const keys = (issue as { keys: string[] }).keys;
        return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => (path ? `${path}.${k}` : k)).join(', ')}`;
      }
      return `${path || '(root)'}: ${issue.message}`;
    });
    throw new ConfigError(`invalid config ${origin}:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

export function loadConfig(path?: string, overrides: { seed?: number; llmMode?: 'auto' | 'offline' | 'openai' } = {}): Config {
  let raw: Record<string, unknown> = {};
  if (path) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new ConfigError(`cannot read config ${path}: ${(err as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new ConfigError(`config ${path} is not valid JSON: ${(err as Error).message}`);
    }
    // `null`, a list or a number is not "no settings": say so instead of running on the defaults.
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ConfigError(`config ${path} must be a JSON object of settings, got ${parsed === null ? 'null' : Array.isArray(parsed) ? 'a list' : typeof parsed}`);
    }
    raw = parsed as Record<string, unknown>;
  }
  const config = parseConfig(raw, path);
  if (overrides.seed !== undefined) config.seed = overrides.seed;
  if (overrides.llmMode !== undefined) config.llm.mode = overrides.llmMode;
  return config;
}

/** The model a role uses when the LLM path is active. */
export function modelFor(config: Config, role: LlmRole): string {
  return config.llm.models[role] ?? config.llm.defaultModel;
}

/** The thresholds in force: the defaults, overridden (or, with null, removed) by the config's. */
export function qualityThresholds(config: Config): Record<string, number> {
  const out: Record<string, number> = { ...DEFAULT_QUALITY_THRESHOLDS };
  for (const [id, v] of Object.entries(config.quality.thresholds)) {
    if (v === null) delete out[id];
    else out[id] = v;
  }
  return out;
}

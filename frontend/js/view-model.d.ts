// Written by tools/view_types_ts.py from backend/harptowers/view_types.py: do not edit.
// The shapes of what the bridge answers, for the page's JSDoc types.

export type PileKind = "stock" | "waste" | "foundation" | "cell" | "column";

export interface CardView {
  id: string;
  up: boolean;
  card?: string;
  to?: string[];
}

export interface StockTap {
  from: string;
  to: string;
  count: number;
  recycle?: boolean;
}

export interface PileView {
  id: string;
  kind: PileKind;
  cards: CardView[];
  suit?: string;
  tap?: StockTap;
  taps?: ((string | number)[])[];
}

export interface UndoPreview {
  from: string;
  to: string;
  count: number;
  down: boolean;
  hide: boolean;
}

export interface VariantEntry {
  id: string;
  label: string;
  key: string;
  winnable_only: boolean;
  difficulty: Record<string, number>;
  example_code: string;
}

export interface CatalogueEntry {
  game: string;
  title: string;
  tag: string;
  stock: boolean;
  rules: string;
  variants: VariantEntry[];
}

export interface Text {
  key: string;
  params: Record<string, any>;
}

export interface ExampleKey {
  rule: string;
  from: string;
  index: number;
  count: number;
  cards: string[];
  to: string;
  says: Text[];
  apart?: string[];
  limit?: number;
  limit_occupied?: number;
  also?: Record<string, any>;
}

export interface ExampleView {
  name: string;
  step: number;
  total: number;
  key: ExampleKey | null;
}

export interface Notice {
  problem: string;
  reason?: string | null;
  text?: string | null;
  damaged?: number;
  game_lost?: boolean;
  why?: string;
  what?: string;
  saved?: number | null;
  reached?: number;
}

export interface PageSettings {
  interactive_rules: boolean;
  double_click: boolean;
  four_colour: boolean;
  large_cards: boolean;
  language: string;
  winnable_only: Record<string, boolean>;
  deck: string;
  card_back: string;
  felt: string;
  anim_speed: string;
  theme: string;
}

export interface ViewModel {
  version: string;
  rev: number;
  game: string;
  code: string;
  deal: number;
  variant: string;
  score: number;
  moves: number;
  won: boolean;
  passes: number;
  can_undo: boolean;
  undo: UndoPreview | null;
  can_redo: boolean;
  deal_of_day: boolean;
  difficulty: string | null;
  settings: PageSettings;
  elapsed_ms: number;
  hints: number;
  new_records: string[];
  example: ExampleView | null;
  pending_code: string | null;
  notice: Notice | null;
  catalogue: CatalogueEntry[];
  piles: PileView[];
}

export interface ActionView {
  move: string;
  from: string;
  to: string;
  count: number;
  cards: string[];
  points: number;
  undo: boolean;
  turned: string | null;
  turned_id: string | null;
  recycle?: boolean;
}

export interface Refusal {
  rule: string;
  params: Record<string, any>;
}

export interface ErrorView {
  code: string;
  message: string;
  reason?: string;
  part?: string;
}

export interface Answer {
  ok: boolean;
  state?: ViewModel;
  refusal?: Refusal;
  error?: ErrorView;
  action?: ActionView;
  hint?: Record<string, any>;
  settings?: PageSettings;
  statistics?: Record<string, any>;
  history?: Record<string, any>[];
  daily_won?: Record<string, string[]>;
  today?: string;
  daily_from?: string;
  examples?: Record<string, any>[];
  code?: string;
}

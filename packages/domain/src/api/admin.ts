import type { FeatureFlag, Features } from '../features.ts';
import type { Language } from '../languages.ts';
import type { TwoFactorMode } from '../login.ts';
import type { OrganizationRole } from '../organizations.ts';
import type { PlanId } from '../subscriptions.ts';

/**
 * The administration services' contract (access spec §3, §7; server `services/<name>/`): what
 * each answers and what its create and patch take. The server's typebox schemas are checked
 * against the request shapes at compile time (`assertSameType`), the web reads the answers.
 */

/** What a machine's API key may do (DESIGN §4): the one list of scopes. */
export const apiKeyScopes = [
  /** A carrier's system reads its releases. */
  'releases:read',
  /** A carrier's system creates, edits and removes its releases. */
  'releases:write',
  /** A terminal's gate checks identities and reports gate-outs. */
  'gate:write',
  /** A port's system posts port status ("green lights") events. */
  'port-status:write',
  /**
   * A system acts on custody (transfer, revoke, block, unblock, assign, unassign, pincode), each
   * action signed by the organisation's key in the system's own wallet (DESIGN §3); the ledger
   * records the key that called.
   */
  'custody:write',
] as const;

export type ApiKeyScope = (typeof apiKeyScopes)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (apiKeyScopes as readonly string[]).includes(value);
}

// ----- users -----

/**
 * Whether the user can open the organisation's wallet: `ready` (a keystore in the cloud wallet),
 * `missing` (an admin of the organisation still has to add it) or `external` (an on-premise
 * wallet, which the portal cannot see into).
 */
export type WalletStatus = 'ready' | 'missing' | 'external';

/** A user as the admin section shows it. */
export interface AdminUserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSupport: boolean;
  isActive: boolean;
  twoFactorAuth: TwoFactorMode | null;
  preferredLanguage: Language;
  organizationId: number;
  organizationName: string;
  organizationAddress: string;
  wallet: WalletStatus;
  /** The address the portal accepts this user's sign-in from (DESIGN §3); null until recorded. */
  signInAddress: string | null;
  createdAt: string;
}

/** `users` create: support names the organisation; an admin invites into its own. */
export interface UserInvite {
  organizationId?: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isSupport?: boolean;
  twoFactorAuth?: TwoFactorMode | null;
  preferredLanguage?: Language;
}

/** `users` patch by an admin; `isActive: false` deactivates (users are never deleted). */
export interface UserAdminPatch {
  email?: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  isSupport?: boolean;
  isActive?: boolean;
  twoFactorAuth?: TwoFactorMode | null;
  preferredLanguage?: Language;
  /** An on-premise wallet user's sign-in address (DESIGN §3). */
  signInAddress?: string;
}

// ----- organisations -----

/** An organisation as the admin section shows it (access spec §3 "Organisation"). */
export interface OrganizationView {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
  /** `summary`: another organisation, shown only to connect to; no other fields follow. */
  access: 'full' | 'summary';
  vat?: string | null;
  streetNbr?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  walletUrl?: string | null;
  sealingPublicKey?: string | null;
  invitedByMsc?: boolean;
  isConnectedtoCpoint?: boolean;
  /** A carrier's half of Secure Pick-up (releases spec §6: terminal and carrier). */
  securePickupEnabled?: boolean;
  userCount?: number;
  createdAt?: string;
}

/**
 * An organisation as the releases area sees it (releases spec §3 "Other lookups"): a transfer
 * target, with the sealing key its pincodes are sealed to, and the finalised connection's
 * references (null when the row is the caller's own organisation or, for support, unconnected).
 */
export interface OrganizationLookup {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
  sealingPublicKey: string | null;
  streetNumber: string | null;
  postalCode: string | null;
  city: string | null;
  reference: string | null;
  customerReference: string | null;
}

/**
 * `organizations` get(0): the caller's own organisation and its transfer targets, every
 * organisation with a finalised connection to it in either direction, by name.
 */
export interface OwnOrganization extends Omit<
  OrganizationLookup,
  'reference' | 'customerReference'
> {
  connections: OrganizationLookup[];
}

/** The first admin, created with the organisation. */
export interface FirstAdmin {
  email: string;
  firstName: string;
  lastName: string;
  preferredLanguage?: Language;
  twoFactorAuth?: TwoFactorMode | null;
  /** Cloud wallet: the initial wallet password, passed on to the admin by support. */
  password?: string;
}

/** The postal address of an organisation: what its own admin may change. */
export interface OrganizationAddressFields {
  streetNbr?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
}

/** `organizations` patch. */
export interface OrganizationPatch extends OrganizationAddressFields {
  name?: string;
  role?: OrganizationRole;
  vat?: string | null;
  /** An on-premise wallet's base URL; null is the cloud wallet (DESIGN §3). */
  walletUrl?: string | null;
  invitedByMsc?: boolean;
  isConnectedtoCpoint?: boolean;
  /** Support enables a carrier for Secure Pick-up (releases spec §6). */
  securePickupEnabled?: boolean;
  /**
   * Support registers the address and sealing key that the organisation's own wallet printed
   * (`npm run wallet -- init`; README "The standalone ID wallet"), both together.
   */
  address?: string;
  sealingPublicKey?: string;
}

/** `organizations` create (support), with its first admin. */
export interface OrganizationCreate extends OrganizationAddressFields {
  name: string;
  role: OrganizationRole;
  vat?: string | null;
  walletUrl: string | null;
  invitedByMsc?: boolean;
  isConnectedtoCpoint?: boolean;
  /** On-premise wallet: the address and sealing key that `npm run wallet -- init` printed. */
  address?: string;
  sealingPublicKey?: string;
  firstAdmin: FirstAdmin;
}

// ----- subscriptions and features -----

/** A subscription as the admin section shows it (access spec §3 "Subscription"). */
export interface SubscriptionView {
  id: number;
  organizationId: number;
  subscriptionId: number;
  startDate: string;
  endDate: string | null;
  remark: string | null;
  /** Active today in Brussels (access spec §4 "Subscription access"). */
  active: boolean;
}

/** `subscriptions` create: dates as `YYYY-MM-DD`; `subscriptionId` one of the plan ids. */
export interface SubscriptionCreate {
  organizationId: number;
  subscriptionId: PlanId;
  startDate: string;
  endDate?: string | null;
  remark?: string | null;
}

/** `subscriptions` patch. */
export interface SubscriptionPatch {
  endDate?: string | null;
  remark?: string | null;
}

/** An organisation's overrides and the features it ends up with (domain `featuresFor`). */
export interface OrganizationFeaturesView {
  organizationId: number;
  overrides: Partial<Record<FeatureFlag, boolean>>;
  features: Features;
}

/** `organization-features` patch: true or false sets an override, null clears it. */
export type FeatureOverridesPatch = Partial<Record<FeatureFlag, boolean | null>>;

// ----- connections -----

export const connectionStatuses = ['requested', 'finalized'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export interface ConnectionParty {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
}

/** A connection between two organisations (releases spec §6), with what the caller may do. */
export interface ConnectionView {
  id: number;
  status: ConnectionStatus;
  /** The organisation that asked. */
  organization: ConnectionParty;
  /** The organisation that was asked, and finalises. */
  connectedOrganization: ConnectionParty;
  createdAt: string;
  updatedAt: string;
  actions: ('finalize' | 'remove')[];
}

/** `connections` create. */
export interface ConnectionCreate {
  /** The organisation asked to connect. */
  connectedOrganizationId: number;
  /** The asking organisation: support names it; an admin asks for its own. */
  organizationId?: number;
  /** Support may make a connection finalised at once. */
  status?: ConnectionStatus;
}

/** `connections` patch: the asked side finalises. */
export interface ConnectionPatch {
  status: 'finalized';
}

// ----- terminals and ports -----

export const identificationMethods = ['alfapass', 'itsme'] as const;
/** How a driver proves who they are at the gate. */
export type IdentificationMethod = (typeof identificationMethods)[number];

/** A terminal (releases spec §3, §6) with whether the caller may change its settings. */
export interface TerminalView {
  code: string;
  name: string;
  portLocode: string;
  portName: string;
  identificationMethod: IdentificationMethod | null;
  pinsAllowed: boolean;
  securePickupEnabled: boolean;
  greenLightsShown: boolean;
  ownerOrganizationId: number | null;
  ownerOrganizationName: string | null;
  canConfigure: boolean;
}

/** A terminal as the releases pages use it (a pick-up or turn-in location). */
export type TerminalOption = Pick<TerminalView, 'code' | 'name' | 'portLocode' | 'portName'>;

/** `terminals` patch: settings (the terminal's organisation) and placement (support). */
export interface TerminalPatch {
  name?: string;
  identificationMethod?: IdentificationMethod | null;
  pinsAllowed?: boolean;
  securePickupEnabled?: boolean;
  greenLightsShown?: boolean;
  portLocode?: string;
  ownerOrganizationId?: number | null;
}

/** `terminals` create (support). */
export interface TerminalCreate {
  code: string;
  name: string;
  portLocode: string;
  identificationMethod?: IdentificationMethod | null;
  pinsAllowed?: boolean;
  securePickupEnabled?: boolean;
  greenLightsShown?: boolean;
  ownerOrganizationId?: number | null;
}

/** A port (UN/LOCODE) where terminals are; `ports` find answers them sorted by name. */
export interface PortView {
  locode: string;
  name: string;
  country: string;
}

// ----- API keys -----

/** An API key as listed: never the key itself, only the prefix that names it. */
export interface ApiKeyView {
  id: number;
  organizationId: number;
  organizationName: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating a key: the only time `key` is ever shown. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/** `api-keys` create. */
export interface ApiKeyCreate {
  /** Support names the organisation; an admin makes keys for its own. */
  organizationId?: number;
  name: string;
  scopes: ApiKeyScope[];
}

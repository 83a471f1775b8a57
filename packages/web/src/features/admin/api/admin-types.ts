import type { Features, FeatureFlag, Language, OrganizationRole, TwoFactorMode } from '@scr/domain';

/**
 * What the admin services answer (server `services/<name>/<name>.schema.ts`). The web app does not import
 * the server, so the shapes are repeated here; the API tests hold the server to them.
 */
export interface Page<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}

export interface OrganizationView {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
  /** `summary`: another organisation, shown only to connect to. */
  access: 'full' | 'summary';
  vat?: string | null;
  streetNbr?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  walletUrl?: string | null;
  invitedByMsc?: boolean;
  isConnectedtoCpoint?: boolean;
  userCount?: number;
}

export type WalletStatus = 'ready' | 'missing' | 'external';

export interface AdminUser {
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
  createdAt: string;
}

export interface SubscriptionView {
  id: number;
  organizationId: number;
  subscriptionId: number;
  startDate: string;
  endDate: string | null;
  remark: string | null;
  active: boolean;
}

export interface OrganizationFeatures {
  organizationId: number;
  overrides: Partial<Record<FeatureFlag, boolean>>;
  features: Features;
}

export interface ConnectionParty {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
}

export interface ConnectionView {
  id: number;
  status: 'requested' | 'finalized';
  organization: ConnectionParty;
  connectedOrganization: ConnectionParty;
  createdAt: string;
  updatedAt: string;
  actions: ('finalize' | 'remove')[];
}

export type IdentificationMethod = 'alfapass' | 'itsme';

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

export interface PortView {
  locode: string;
  name: string;
  country: string;
}

export interface ApiKeyView {
  id: number;
  organizationId: number;
  organizationName: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The whole key: shown once, never again. */
  key: string;
}

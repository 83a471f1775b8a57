import type { Language } from '../languages.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

/** A column of a download (releases spec §5 "Download"): see `download.ts`. */
export type DownloadColumn =
  | 'blNumber'
  | 'vessel'
  | 'voyageNumber'
  | 'portOfLoading'
  | 'portOfDestination'
  | 'carrier'
  | 'containerNumber'
  | 'isoTypeCode'
  | 'pickupLocation'
  | 'turnInLocation'
  | 'validFrom'
  | 'validUntil'
  | 'releaseStatus'
  | 'transferStatus'
  | 'receivedFrom'
  | 'transferTo'
  | 'assignee'
  | 'pincode';

/** What a downloaded file says in one language: its headers, statuses and frame. */
export interface DownloadWords {
  columns: Record<DownloadColumn, string>;
  releaseStatus: Record<ReleaseStatus, string>;
  transferStatus: Record<TransferStatus, string>;
  /** The title line: "Releases". */
  title: string;
  organization: string;
  /** "Downloaded on". */
  date: string;
  page: string;
  /** The number of releases in a file or a group. */
  releases: string;
  /** A pincode the wallet could not open or the server refused. */
  noPincode: string;
}

/**
 * The words of a downloaded file in the five languages (access spec §1), written once so the
 * server's streamed files and the files the browser assembles with pincodes read the same. The
 * column and status words are those of the overview (web `releases.columns`, `releaseStatus`,
 * `transferStatus`).
 */
export const downloadWords: Record<Language, DownloadWords> = {
  en: {
    columns: {
      blNumber: 'BL number',
      vessel: 'Vessel',
      voyageNumber: 'Voyage number',
      portOfLoading: 'Port of loading',
      portOfDestination: 'Port of destination',
      carrier: 'Carrier',
      containerNumber: 'Container number',
      isoTypeCode: 'Container type',
      pickupLocation: 'Pick-up location',
      turnInLocation: 'Turn-in location (truck)',
      validFrom: 'Valid from',
      validUntil: 'Valid until',
      releaseStatus: 'Release status',
      transferStatus: 'Transfer status',
      receivedFrom: 'Received from',
      transferTo: 'Transferred to',
      assignee: 'Assigned to',
      pincode: 'Pincode',
    },
    releaseStatus: {
      released: 'Released',
      blocked: 'Blocked',
      blockedForScanning: 'Blocked for scanning',
      expired: 'Expired',
      deleted: 'Deleted',
      gateout: 'Picked up',
    },
    transferStatus: {
      owned: 'Owned by you',
      transferred: 'Transferred',
      assigned: 'Assigned',
      pinRetrieved: 'Pincode retrieved',
      sendingToPcs: 'Sending to PCS',
      sentToPcs: 'Sent to PCS',
    },
    title: 'Releases',
    organization: 'Organisation',
    date: 'Downloaded on',
    page: 'Page',
    releases: 'releases',
    noPincode: 'not retrieved',
  },
  fr: {
    columns: {
      blNumber: 'Numéro de BL',
      vessel: 'Navire',
      voyageNumber: 'Numéro de voyage',
      portOfLoading: 'Port de chargement',
      portOfDestination: 'Port de destination',
      carrier: 'Transporteur',
      containerNumber: 'Numéro de conteneur',
      isoTypeCode: 'Type de conteneur',
      pickupLocation: 'Lieu d’enlèvement',
      turnInLocation: 'Lieu de restitution (camion)',
      validFrom: 'Valable du',
      validUntil: 'Valable jusqu’au',
      releaseStatus: 'Statut de libération',
      transferStatus: 'Statut de transfert',
      receivedFrom: 'Reçue de',
      transferTo: 'Transférée à',
      assignee: 'Attribuée à',
      pincode: 'Code PIN',
    },
    releaseStatus: {
      released: 'Libérée',
      blocked: 'Bloquée',
      blockedForScanning: 'Bloquée pour scanner',
      expired: 'Expirée',
      deleted: 'Supprimée',
      gateout: 'Enlevée',
    },
    transferStatus: {
      owned: 'En votre possession',
      transferred: 'Transférée',
      assigned: 'Attribuée',
      pinRetrieved: 'Code PIN récupéré',
      sendingToPcs: 'Envoi au PCS en cours',
      sentToPcs: 'Envoyée au PCS',
    },
    title: 'Libérations',
    organization: 'Organisation',
    date: 'Téléchargé le',
    page: 'Page',
    releases: 'libérations',
    noPincode: 'non récupéré',
  },
  nl: {
    columns: {
      blNumber: 'BL-nummer',
      vessel: 'Schip',
      voyageNumber: 'Reisnummer',
      portOfLoading: 'Laadhaven',
      portOfDestination: 'Bestemmingshaven',
      carrier: 'Rederij',
      containerNumber: 'Containernummer',
      isoTypeCode: 'Containertype',
      pickupLocation: 'Ophaallocatie',
      turnInLocation: 'Inleverlocatie (truck)',
      validFrom: 'Geldig vanaf',
      validUntil: 'Geldig tot',
      releaseStatus: 'Vrijgavestatus',
      transferStatus: 'Overdrachtstatus',
      receivedFrom: 'Ontvangen van',
      transferTo: 'Overgedragen aan',
      assignee: 'Toegewezen aan',
      pincode: 'Pincode',
    },
    releaseStatus: {
      released: 'Vrijgegeven',
      blocked: 'Geblokkeerd',
      blockedForScanning: 'Geblokkeerd voor scan',
      expired: 'Verlopen',
      deleted: 'Verwijderd',
      gateout: 'Opgehaald',
    },
    transferStatus: {
      owned: 'In uw bezit',
      transferred: 'Overgedragen',
      assigned: 'Toegewezen',
      pinRetrieved: 'Pincode opgehaald',
      sendingToPcs: 'Wordt naar PCS verzonden',
      sentToPcs: 'Naar PCS verzonden',
    },
    title: 'Vrijgaven',
    organization: 'Organisatie',
    date: 'Gedownload op',
    page: 'Pagina',
    releases: 'vrijgaven',
    noPincode: 'niet opgehaald',
  },
  de: {
    columns: {
      blNumber: 'BL-Nummer',
      vessel: 'Schiff',
      voyageNumber: 'Reisenummer',
      portOfLoading: 'Ladehafen',
      portOfDestination: 'Bestimmungshafen',
      carrier: 'Reederei',
      containerNumber: 'Containernummer',
      isoTypeCode: 'Containertyp',
      pickupLocation: 'Abholort',
      turnInLocation: 'Rückgabeort (Lkw)',
      validFrom: 'Gültig ab',
      validUntil: 'Gültig bis',
      releaseStatus: 'Freigabestatus',
      transferStatus: 'Übertragungsstatus',
      receivedFrom: 'Erhalten von',
      transferTo: 'Übertragen an',
      assignee: 'Zugewiesen an',
      pincode: 'PIN-Code',
    },
    releaseStatus: {
      released: 'Freigegeben',
      blocked: 'Gesperrt',
      blockedForScanning: 'Für Scan gesperrt',
      expired: 'Abgelaufen',
      deleted: 'Gelöscht',
      gateout: 'Abgeholt',
    },
    transferStatus: {
      owned: 'In Ihrem Besitz',
      transferred: 'Übertragen',
      assigned: 'Zugewiesen',
      pinRetrieved: 'PIN abgerufen',
      sendingToPcs: 'Wird an PCS gesendet',
      sentToPcs: 'An PCS gesendet',
    },
    title: 'Freigaben',
    organization: 'Organisation',
    date: 'Heruntergeladen am',
    page: 'Seite',
    releases: 'Freigaben',
    noPincode: 'nicht abgerufen',
  },
  it: {
    columns: {
      blNumber: 'Numero BL',
      vessel: 'Nave',
      voyageNumber: 'Numero viaggio',
      portOfLoading: 'Porto di carico',
      portOfDestination: 'Porto di destinazione',
      carrier: 'Compagnia di navigazione',
      containerNumber: 'Numero container',
      isoTypeCode: 'Tipo di container',
      pickupLocation: 'Luogo di ritiro',
      turnInLocation: 'Luogo di riconsegna (camion)',
      validFrom: 'Valido dal',
      validUntil: 'Valido fino al',
      releaseStatus: 'Stato del rilascio',
      transferStatus: 'Stato del trasferimento',
      receivedFrom: 'Ricevuto da',
      transferTo: 'Trasferito a',
      assignee: 'Assegnato a',
      pincode: 'Codice PIN',
    },
    releaseStatus: {
      released: 'Rilasciato',
      blocked: 'Bloccato',
      blockedForScanning: 'Bloccato per scansione',
      expired: 'Scaduto',
      deleted: 'Eliminato',
      gateout: 'Ritirato',
    },
    transferStatus: {
      owned: 'In tuo possesso',
      transferred: 'Trasferito',
      assigned: 'Assegnato',
      pinRetrieved: 'PIN recuperato',
      sendingToPcs: 'Invio al PCS in corso',
      sentToPcs: 'Inviato al PCS',
    },
    title: 'Rilasci',
    organization: 'Organizzazione',
    date: 'Scaricato il',
    page: 'Pagina',
    releases: 'rilasci',
    noPincode: 'non recuperato',
  },
};

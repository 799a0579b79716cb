/**
 * Hand-made geography of the Montreal metropolitan area for the demo operator: boroughs and
 * districts (approximate centres, real street names), and real public places (airports, stations,
 * hospitals, schools, malls) with approximate coordinates. Civic numbers and the exact point inside
 * a borough come from the generator's PRNG.
 */

/** Everything the demo holds lies inside this box (south, west, north, east). */
export const MONTREAL_BBOX = { minLat: 45.35, maxLat: 45.75, minLon: -74.05, maxLon: -73.3 } as const;

export interface Borough {
  name: string;
  /** Municipality written after the street in an address. */
  city: string;
  postalPrefix: string;
  lat: number;
  lon: number;
  /** Half extent of the borough in degrees (north-south, east-west). */
  rLat: number;
  rLon: number;
  streets: readonly string[];
}

/** Site 1 Montreal (island), site 2 Laval, site 3 Longueuil / South Shore. */
export const BOROUGHS: Record<1 | 2 | 3, readonly Borough[]> = {
  1: [
    {
      name: 'Ville-Marie',
      city: 'Montréal',
      postalPrefix: 'H3B',
      lat: 45.5035,
      lon: -73.5685,
      rLat: 0.009,
      rLon: 0.014,
      streets: [
        'Rue Sainte-Catherine Ouest',
        'Boulevard René-Lévesque Ouest',
        'Rue Sherbrooke Ouest',
        'Rue Peel',
        'Rue University',
        'Rue de la Montagne',
        'Rue Guy',
        'Rue Saint-Antoine Ouest',
      ],
    },
    {
      name: 'Le Plateau-Mont-Royal',
      city: 'Montréal',
      postalPrefix: 'H2J',
      lat: 45.5235,
      lon: -73.5805,
      rLat: 0.01,
      rLon: 0.014,
      streets: [
        'Boulevard Saint-Laurent',
        'Rue Saint-Denis',
        'Avenue du Mont-Royal Est',
        'Rue Rachel Est',
        'Avenue Papineau',
        'Rue Fairmount Ouest',
        'Avenue du Parc',
        'Rue Marie-Anne Est',
      ],
    },
    {
      name: 'Rosemont–La Petite-Patrie',
      city: 'Montréal',
      postalPrefix: 'H1Y',
      lat: 45.5425,
      lon: -73.5875,
      rLat: 0.011,
      rLon: 0.018,
      streets: [
        'Boulevard Rosemont',
        'Rue Beaubien Est',
        'Rue Saint-Zotique Est',
        'Rue Masson',
        '1re Avenue',
        'Rue Bélanger',
        'Boulevard Saint-Michel',
      ],
    },
    {
      name: 'Côte-des-Neiges–Notre-Dame-de-Grâce',
      city: 'Montréal',
      postalPrefix: 'H3S',
      lat: 45.4815,
      lon: -73.6225,
      rLat: 0.014,
      rLon: 0.02,
      streets: [
        'Chemin de la Côte-des-Neiges',
        'Avenue Van Horne',
        'Avenue de Monkland',
        'Boulevard Décarie',
        'Chemin Queen-Mary',
        'Avenue Somerled',
        'Rue Sherbrooke Ouest',
      ],
    },
    {
      name: 'Villeray–Saint-Michel–Parc-Extension',
      city: 'Montréal',
      postalPrefix: 'H2R',
      lat: 45.5545,
      lon: -73.6155,
      rLat: 0.011,
      rLon: 0.016,
      streets: [
        'Rue Jarry Est',
        'Rue Jean-Talon Est',
        'Rue De Castelnau Est',
        'Avenue Christophe-Colomb',
        'Boulevard Crémazie Est',
        'Rue Villeray',
      ],
    },
    {
      name: 'Le Sud-Ouest',
      city: 'Montréal',
      postalPrefix: 'H3K',
      lat: 45.4795,
      lon: -73.5815,
      rLat: 0.008,
      rLon: 0.015,
      streets: ['Rue Notre-Dame Ouest', 'Rue du Centre', 'Avenue Atwater', 'Rue Saint-Patrick', 'Rue Charlevoix'],
    },
    {
      name: 'Verdun',
      city: 'Montréal',
      postalPrefix: 'H4G',
      lat: 45.4585,
      lon: -73.5705,
      rLat: 0.008,
      rLon: 0.013,
      streets: ['Rue Wellington', 'Boulevard LaSalle', 'Rue de Verdun', "Avenue de l'Église", 'Rue Bannantyne'],
    },
    {
      name: 'Mercier–Hochelaga-Maisonneuve',
      city: 'Montréal',
      postalPrefix: 'H1W',
      lat: 45.5625,
      lon: -73.5355,
      rLat: 0.014,
      rLon: 0.018,
      streets: [
        'Rue Ontario Est',
        'Rue Sainte-Catherine Est',
        'Rue Sherbrooke Est',
        'Avenue Pierre-De Coubertin',
        'Rue Hochelaga',
        'Boulevard Pie-IX',
      ],
    },
    {
      name: 'Saint-Laurent',
      city: 'Montréal',
      postalPrefix: 'H4L',
      lat: 45.5055,
      lon: -73.6985,
      rLat: 0.014,
      rLon: 0.022,
      streets: [
        'Boulevard de la Côte-Vertu',
        'Boulevard Marcel-Laurin',
        'Boulevard Thimens',
        'Rue Décarie',
        'Boulevard Décarie',
        'Rue du Collège',
      ],
    },
    {
      name: 'Ahuntsic-Cartierville',
      city: 'Montréal',
      postalPrefix: 'H3L',
      lat: 45.5555,
      lon: -73.6665,
      rLat: 0.011,
      rLon: 0.02,
      streets: ['Boulevard Henri-Bourassa Ouest', 'Rue Fleury Ouest', 'Boulevard Gouin Ouest', 'Rue Lajeunesse'],
    },
    {
      name: 'Outremont',
      city: 'Montréal',
      postalPrefix: 'H2V',
      lat: 45.5185,
      lon: -73.6065,
      rLat: 0.006,
      rLon: 0.01,
      streets: ['Avenue Laurier Ouest', 'Avenue Bernard', 'Chemin de la Côte-Sainte-Catherine', 'Avenue Van Horne'],
    },
    {
      name: 'Dorval',
      city: 'Dorval',
      postalPrefix: 'H9S',
      lat: 45.4485,
      lon: -73.7505,
      rLat: 0.009,
      rLon: 0.018,
      streets: ['Avenue Dorval', 'Boulevard Bouchard', 'Chemin du Bord-du-Lac–Lakeshore', 'Avenue Carson'],
    },
  ],
  2: [
    {
      name: 'Chomedey',
      city: 'Laval',
      postalPrefix: 'H7W',
      lat: 45.5435,
      lon: -73.7465,
      rLat: 0.012,
      rLon: 0.02,
      streets: [
        'Boulevard Chomedey',
        'Boulevard Notre-Dame',
        'Boulevard Curé-Labelle',
        'Boulevard Saint-Martin Ouest',
        'Boulevard Le Carrefour',
      ],
    },
    {
      name: 'Laval-des-Rapides',
      city: 'Laval',
      postalPrefix: 'H7N',
      lat: 45.5535,
      lon: -73.7005,
      rLat: 0.009,
      rLon: 0.015,
      streets: [
        'Boulevard Cartier Ouest',
        'Boulevard de la Concorde Ouest',
        'Boulevard des Laurentides',
        'Rue Lucien-Paiement',
      ],
    },
    {
      name: 'Vimont',
      city: 'Laval',
      postalPrefix: 'H7M',
      lat: 45.6045,
      lon: -73.7205,
      rLat: 0.009,
      rLon: 0.014,
      streets: ['Boulevard des Laurentides', 'Boulevard Sainte-Rose', 'Rue Bédard', 'Boulevard Saint-Elzéar Est'],
    },
    {
      name: 'Sainte-Rose',
      city: 'Laval',
      postalPrefix: 'H7L',
      lat: 45.6115,
      lon: -73.7805,
      rLat: 0.01,
      rLon: 0.018,
      streets: ['Boulevard Sainte-Rose', 'Boulevard Curé-Labelle', 'Boulevard Dagenais Ouest', 'Boulevard Céline-Dion'],
    },
    {
      name: 'Duvernay',
      city: 'Laval',
      postalPrefix: 'H7E',
      lat: 45.5865,
      lon: -73.6655,
      rLat: 0.01,
      rLon: 0.016,
      streets: [
        'Boulevard de la Concorde Est',
        'Boulevard Lévesque Est',
        'Boulevard Saint-Martin Est',
        'Rue Saint-Alexis',
      ],
    },
  ],
  3: [
    {
      name: 'Vieux-Longueuil',
      city: 'Longueuil',
      postalPrefix: 'J4H',
      lat: 45.5355,
      lon: -73.5055,
      rLat: 0.01,
      rLon: 0.016,
      streets: ['Rue Saint-Charles Ouest', 'Chemin de Chambly', 'Boulevard Roland-Therrien', 'Rue Saint-Laurent Ouest'],
    },
    {
      name: 'Saint-Hubert',
      city: 'Longueuil',
      postalPrefix: 'J3Y',
      lat: 45.5005,
      lon: -73.4205,
      rLat: 0.012,
      rLon: 0.02,
      streets: ['Boulevard Cousineau', 'Chemin de Chambly', 'Boulevard Gaétan-Boucher', 'Montée Saint-Hubert'],
    },
    {
      name: 'Greenfield Park',
      city: 'Longueuil',
      postalPrefix: 'J4V',
      lat: 45.4865,
      lon: -73.4705,
      rLat: 0.006,
      rLon: 0.01,
      streets: ['Boulevard Taschereau', 'Rue Churchill', 'Rue Victoria', 'Rue Empire'],
    },
    {
      name: 'Brossard',
      city: 'Brossard',
      postalPrefix: 'J4W',
      lat: 45.4555,
      lon: -73.4655,
      rLat: 0.012,
      rLon: 0.02,
      streets: ['Boulevard Taschereau', 'Boulevard de Rome', 'Boulevard Lapinière', 'Boulevard du Quartier'],
    },
    {
      name: 'Boucherville',
      city: 'Boucherville',
      postalPrefix: 'J4B',
      lat: 45.5955,
      lon: -73.4405,
      rLat: 0.012,
      rLon: 0.018,
      streets: [
        'Boulevard de Mortagne',
        'Boulevard de Montarville',
        'Boulevard Marie-Victorin',
        'Rue Samuel-De Champlain',
      ],
    },
  ],
};

/** Irregular octagon: vertex radius factors (all at least 0.8, so an ellipse of 0.5 lies inside). */
const SHAPE = [1, 0.86, 1.08, 0.92, 1.04, 0.82, 1, 0.94] as const;

/** An approximate outline of a borough, closed (first point repeated), GeoJSON order [lon, lat]. */
export function boroughPolygon(b: Pick<Borough, 'lat' | 'lon' | 'rLat' | 'rLon'>): [number, number][] {
  const ring: [number, number][] = SHAPE.map((f, k) => {
    const a = (k * Math.PI) / 4;
    return [round6(b.lon + Math.cos(a) * b.rLon * f), round6(b.lat + Math.sin(a) * b.rLat * f)];
  });
  const first = ring[0] as [number, number];
  ring.push([first[0], first[1]]);
  return ring;
}

/** A point well inside a borough's outline, from two uniform numbers in [0, 1). */
export function pointIn(b: Borough, u: number, v: number): { lat: number; lon: number } {
  const r = 0.5 * Math.sqrt(u);
  const a = 2 * Math.PI * v;
  return { lat: round6(b.lat + Math.sin(a) * b.rLat * r), lon: round6(b.lon + Math.cos(a) * b.rLon * r) };
}

export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export interface Place {
  name: string;
  type: 'location' | 'in and out' | 'airport' | 'school' | 'special' | 'work' | 'general';
  address: string;
  lat: number;
  lon: number;
  radius: number;
  waitTime: number;
  terminals?: readonly { name: string; lat: number; lon: number }[];
}

/** Real public places per site (coordinates approximate). Work places carry invented employer names. */
export const PLACES: Record<1 | 2 | 3, readonly Place[]> = {
  1: [
    {
      name: 'Montréal-Trudeau International Airport (YUL)',
      type: 'airport',
      address: '975 Boulevard Roméo-Vachon Nord, Dorval, QC H4Y 1H1',
      lat: 45.4706,
      lon: -73.7408,
      radius: 1500,
      waitTime: 20,
      terminals: [
        { name: 'Domestic', lat: 45.4578, lon: -73.7497 },
        { name: 'International', lat: 45.4572, lon: -73.7517 },
        { name: 'Transborder (USA)', lat: 45.4588, lon: -73.7528 },
      ],
    },
    {
      name: 'Gare Centrale (Central Station)',
      type: 'in and out',
      address: '895 Rue De La Gauchetière Ouest, Montréal, QC H3B 4G1',
      lat: 45.4997,
      lon: -73.5664,
      radius: 150,
      waitTime: 10,
    },
    {
      name: "Gare Lucien-L'Allier",
      type: 'in and out',
      address: '1280 Rue Saint-Antoine Ouest, Montréal, QC H3C 1B1',
      lat: 45.495,
      lon: -73.571,
      radius: 120,
      waitTime: 5,
    },
    {
      name: 'Gare de Dorval (VIA Rail)',
      type: 'in and out',
      address: '400 Avenue Michel-Jasmin, Dorval, QC H9P 1C1',
      lat: 45.4494,
      lon: -73.7402,
      radius: 120,
      waitTime: 10,
    },
    {
      name: 'CHUM – Centre hospitalier de l’Université de Montréal',
      type: 'special',
      address: '1051 Rue Sanguinet, Montréal, QC H2X 3E4',
      lat: 45.511,
      lon: -73.557,
      radius: 200,
      waitTime: 15,
    },
    {
      name: 'Jewish General Hospital',
      type: 'special',
      address: '3755 Chemin de la Côte-Sainte-Catherine, Montréal, QC H3T 1E2',
      lat: 45.4972,
      lon: -73.6306,
      radius: 200,
      waitTime: 15,
    },
    {
      name: 'Montreal General Hospital',
      type: 'special',
      address: '1650 Avenue Cedar, Montréal, QC H3G 1A4',
      lat: 45.4974,
      lon: -73.5888,
      radius: 200,
      waitTime: 15,
    },
    {
      name: 'Hôpital Maisonneuve-Rosemont',
      type: 'special',
      address: "5415 Boulevard de l'Assomption, Montréal, QC H1T 2M4",
      lat: 45.5747,
      lon: -73.5585,
      radius: 200,
      waitTime: 15,
    },
    {
      name: 'Centre Eaton de Montréal',
      type: 'general',
      address: '705 Rue Sainte-Catherine Ouest, Montréal, QC H3B 4G5',
      lat: 45.503,
      lon: -73.5697,
      radius: 100,
      waitTime: 5,
    },
    {
      name: 'Place Versailles',
      type: 'general',
      address: '7275 Rue Sherbrooke Est, Montréal, QC H1N 1E9',
      lat: 45.5922,
      lon: -73.535,
      radius: 150,
      waitTime: 5,
    },
    {
      name: 'McGill University – Roddick Gates',
      type: 'school',
      address: '845 Rue Sherbrooke Ouest, Montréal, QC H3A 0G4',
      lat: 45.5048,
      lon: -73.5772,
      radius: 150,
      waitTime: 5,
    },
  ],
  2: [
    {
      name: 'Station Montmorency',
      type: 'in and out',
      address: '555 Boulevard de l’Avenir, Laval, QC H7N 6J3',
      lat: 45.558,
      lon: -73.7216,
      radius: 120,
      waitTime: 5,
    },
    {
      name: 'Carrefour Laval',
      type: 'general',
      address: '3035 Boulevard Le Carrefour, Laval, QC H7T 1C8',
      lat: 45.571,
      lon: -73.752,
      radius: 200,
      waitTime: 5,
    },
    {
      name: 'Collège Montmorency',
      type: 'school',
      address: "475 Boulevard de l'Avenir, Laval, QC H7N 5H9",
      lat: 45.5597,
      lon: -73.7197,
      radius: 150,
      waitTime: 5,
    },
    {
      name: 'École secondaire Curé-Antoine-Labelle',
      type: 'school',
      address: '216 Boulevard Marc-Aurèle-Fortin, Laval, QC H7L 1Z5',
      lat: 45.6016,
      lon: -73.7669,
      radius: 120,
      waitTime: 5,
    },
    {
      name: 'École secondaire Saint-Maxime',
      type: 'school',
      address: '3700 Boulevard Lévesque Ouest, Laval, QC H7V 1E8',
      lat: 45.5402,
      lon: -73.7484,
      radius: 120,
      waitTime: 5,
    },
    {
      name: 'École secondaire Mont-de-La Salle',
      type: 'school',
      address: '125 Boulevard des Prairies, Laval, QC H7N 2T6',
      lat: 45.5468,
      lon: -73.6903,
      radius: 120,
      waitTime: 5,
    },
    {
      name: 'Hôpital de la Cité-de-la-Santé',
      type: 'special',
      address: '1755 Boulevard René-Laennec, Laval, QC H7M 3L9',
      lat: 45.5736,
      lon: -73.711,
      radius: 200,
      waitTime: 15,
    },
  ],
  3: [
    {
      name: 'Station Longueuil–Université-de-Sherbrooke',
      type: 'in and out',
      address: '100 Place Charles-Le Moyne, Longueuil, QC J4K 2T4',
      lat: 45.525,
      lon: -73.5215,
      radius: 150,
      waitTime: 5,
    },
    {
      name: 'Aéroport de Montréal-Saint-Hubert (YHU)',
      type: 'airport',
      address: '5000 Route de l’Aéroport, Longueuil, QC J3Y 8Y9',
      lat: 45.5175,
      lon: -73.4169,
      radius: 800,
      waitTime: 15,
      terminals: [{ name: 'Main terminal', lat: 45.5186, lon: -73.4202 }],
    },
    {
      name: 'Aéro Rive-Sud – Marie-Victorin plant',
      type: 'work',
      address: '1000 Boulevard Marie-Victorin, Longueuil, QC J4G 1A1',
      lat: 45.547,
      lon: -73.497,
      radius: 300,
      waitTime: 5,
    },
    {
      name: 'Logistique Montarville – distribution centre',
      type: 'work',
      address: '1500 Rue Nobel, Boucherville, QC J4B 5H3',
      lat: 45.586,
      lon: -73.458,
      radius: 250,
      waitTime: 5,
    },
    {
      name: 'Hôpital Charles-Le Moyne',
      type: 'special',
      address: '3120 Boulevard Taschereau, Greenfield Park, QC J4V 2H1',
      lat: 45.4953,
      lon: -73.4749,
      radius: 200,
      waitTime: 15,
    },
    {
      name: 'Quartier DIX30',
      type: 'general',
      address: '9160 Boulevard Leduc, Brossard, QC J4Y 0E3',
      lat: 45.4435,
      lon: -73.44,
      radius: 250,
      waitTime: 5,
    },
  ],
};

/** Quebec given names and family names mixed into faker's pools so the people sound local. */
export const QC_FIRST_NAMES = [
  'Mathieu',
  'Julie',
  'Marc-André',
  'Émilie',
  'Jean-François',
  'Geneviève',
  'Alexandre',
  'Catherine',
  'Philippe',
  'Isabelle',
  'Étienne',
  'Mélanie',
  'Simon',
  'Valérie',
  'Olivier',
  'Nathalie',
  'Maxime',
  'Chloé',
  'Gabriel',
  'Léa',
  'Samuel',
  'Florence',
  'Félix',
  'Camille',
  'Antoine',
  'Sophie',
  'Louis',
  'Annie',
  'Guillaume',
  'Marie-Ève',
] as const;

export const QC_LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
  'Poirier',
  'Lefebvre',
  'Nguyen',
  'Haddad',
  'Joseph',
  'Singh',
] as const;

/** Area codes by site (island; Laval and the South Shore). */
export const AREA_CODES: Record<1 | 2 | 3, readonly string[]> = {
  1: ['514', '438'],
  2: ['450', '579'],
  3: ['450', '579'],
};

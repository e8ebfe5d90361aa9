import { completeEan13 } from '#shared/barcode.ts';
import type { CategoryId } from '#shared/categories.ts';

/**
 * The demo catalogue: optical products of the Turkish market, generated from model families
 * (a frame in its colours and sizes, a contact lens in its base curves, a spectacle lens with its
 * coatings). Barcodes are made deterministically from a company prefix per brand and a running
 * item number, with the EAN-13 check digit computed, so every start produces the same catalogue.
 */
export interface SeedCatalogueProduct {
  brand: string;
  modelCode: string;
  name: string;
  barcode: string;
  category: CategoryId;
  subcategory: string | null;
  colourCode: string | null;
  eyeSizeMm: number | null;
  bridgeMm: number | null;
  templeMm: number | null;
  baseCurveMm: number | null;
  diameterMm: number | null;
  /** Typical shelf price in lira (VAT included); demo listings are priced around it. */
  listPrice: number;
}

/** GS1 company prefixes (7 digits) the demo barcodes are made from, one per brand. */
const companyPrefixes: Record<string, string> = {
  'Ray-Ban': '8056597',
  Oakley: '0888392',
  Persol: '8053672',
  Vogue: '8056262',
  Prada: '8056598',
  Gucci: '8896520',
  'Tom Ford': '8892140',
  Carrera: '7166450',
  Police: '8056376',
  'Emporio Armani': '8056599',
  'Hugo Boss': '7166452',
  Polaroid: '7166451',
  Silhouette: '9004990',
  Lindberg: '5714500',
  Osse: '8691234',
  Miraflex: '8058152',
  'Nano Vista': '8435567',
  Julbo: '3660576',
  Acuvue: '0733905',
  'Bausch + Lomb': '7391899',
  Alcon: '0300650',
  CooperVision: '5050474',
  Essilor: '3607540',
  Zeiss: '4054700',
  Hoya: '4953500',
  Rodenstock: '4033270',
  'Opti-Free': '0300651',
  Renu: '7391900',
  Topcon: '4960999',
  Nidek: '4987500',
  Huvitz: '8809330',
  Wera: '4013288',
  Wiha: '4010995',
  OptiStok: '8690001',
};

const frameKinds = {
  'gunes-gozlugu': 'Güneş Gözlüğü',
  gozluk: 'Optik Çerçeve',
  'cocuk-gozlugu': 'Çocuk Gözlüğü',
} as const;

interface FrameFamily {
  brand: string;
  model: string;
  category: keyof typeof frameKinds;
  subcategory: string | null;
  /** Eye sizes (lens width) the model comes in. */
  sizes: number[];
  bridge: number;
  temple: number;
  /** Colour code and Turkish colour name. */
  colours: [string, string][];
  price: number;
  /** Replaces the category's product word in the name ("Çocuk Gözlüğü" → "Esnek Çocuk Çerçevesi"). */
  label?: string;
}

// Families whose brand and model match the listings of demo step 0001 come first in each group.
const frameFamilies: FrameFamily[] = [
  // Güneş gözlüğü: erkek
  { brand: 'Ray-Ban', model: 'RB2140 Wayfarer', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [50, 54], bridge: 22, temple: 150, colours: [['901', 'Siyah'], ['902', 'Havana'], ['901/58', 'Polarize Siyah']], price: 3450 },
  { brand: 'Ray-Ban', model: 'RB3025 Aviator', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [58, 62], bridge: 14, temple: 135, colours: [['L0205', 'Altın / Yeşil'], ['004/58', 'Gunmetal Polarize'], ['001/51', 'Altın / Kahve Degrade']], price: 3890 },
  { brand: 'Persol', model: 'PO3019S', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [52, 55], bridge: 19, temple: 145, colours: [['95/31', 'Siyah'], ['24/57', 'Havana Polarize']], price: 6200 },
  { brand: 'Carrera', model: 'CA 1001/S', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [56], bridge: 19, temple: 145, colours: [['003/IR', 'Mat Siyah'], ['086/HA', 'Koyu Havana'], ['PJP/IR', 'Mavi']], price: 2750 },
  { brand: 'Ray-Ban', model: 'RB3447 Round Metal', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [50, 53], bridge: 21, temple: 145, colours: [['029', 'Mat Gunmetal'], ['001', 'Altın']], price: 3650 },
  { brand: 'Ray-Ban', model: 'RB4165 Justin', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [54], bridge: 16, temple: 145, colours: [['601/8G', 'Siyah / Gri Degrade'], ['622/T5', 'Mat Siyah Polarize']], price: 3150 },
  { brand: 'Persol', model: 'PO0714 Steve McQueen', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [54], bridge: 21, temple: 140, colours: [['24/57', 'Havana Polarize'], ['95/31', 'Siyah']], price: 8900 },
  { brand: 'Emporio Armani', model: 'EA4115', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [54], bridge: 18, temple: 145, colours: [['5017/87', 'Siyah'], ['5089/73', 'Havana']], price: 3350 },
  { brand: 'Police', model: 'SPLA28', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [56], bridge: 17, temple: 145, colours: [['0700', 'Parlak Siyah'], ['568P', 'Gunmetal Polarize']], price: 2450 },
  { brand: 'Hugo Boss', model: 'BOSS 1411/S', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [57], bridge: 16, temple: 145, colours: [['807/IR', 'Siyah'], ['R80/70', 'Mat Rutenyum']], price: 4250 },
  { brand: 'Polaroid', model: 'PLD 2088/S', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [55], bridge: 18, temple: 145, colours: [['807/M9', 'Siyah Polarize'], ['086/SP', 'Havana Polarize']], price: 1690 },
  { brand: 'Tom Ford', model: 'FT0237 Snowdon', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [52], bridge: 20, temple: 145, colours: [['05B', 'Siyah / Gri'], ['52N', 'Koyu Havana']], price: 12400 },
  { brand: 'Osse', model: 'OS 2891', category: 'gunes-gozlugu', subcategory: 'erkek', sizes: [55], bridge: 18, temple: 145, colours: [['01', 'Siyah'], ['03', 'Lacivert']], price: 1450 },
  // Güneş gözlüğü: kadın
  { brand: 'Vogue', model: 'VO5410S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [53], bridge: 19, temple: 140, colours: [['W44/87', 'Siyah'], ['W656/13', 'Koyu Havana'], ['2780/8G', 'Pembe Degrade']], price: 1890 },
  { brand: 'Prada', model: 'PR 17WS', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [49], bridge: 20, temple: 145, colours: [['1AB5S0', 'Siyah'], ['2AU8C1', 'Havana']], price: 9750 },
  { brand: 'Gucci', model: 'GG0061S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [56], bridge: 18, temple: 145, colours: [['001', 'Altın / Gri'], ['002', 'Altın / Kahve']], price: 11200 },
  { brand: 'Ray-Ban', model: 'RB4101 Jackie Ohh', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [58], bridge: 17, temple: 135, colours: [['601', 'Siyah'], ['710/51', 'Havana Degrade']], price: 3290 },
  { brand: 'Ray-Ban', model: 'RB4171 Erika', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [54], bridge: 18, temple: 145, colours: [['622/8G', 'Mat Siyah / Gri'], ['865/13', 'Havana / Kahve']], price: 3190 },
  { brand: 'Prada', model: 'PR 01VS', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [52], bridge: 20, temple: 140, colours: [['1AB0A7', 'Siyah / Gri'], ['2AU3D0', 'Havana']], price: 9450 },
  { brand: 'Gucci', model: 'GG0516S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [52], bridge: 19, temple: 145, colours: [['001', 'Siyah'], ['002', 'Havana']], price: 10800 },
  { brand: 'Vogue', model: 'VO5211S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [54], bridge: 16, temple: 140, colours: [['W44/11', 'Siyah / Gri Degrade'], ['2386/13', 'Havana']], price: 1790 },
  { brand: 'Emporio Armani', model: 'EA4140', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [55], bridge: 17, temple: 140, colours: [['5001/87', 'Siyah'], ['5026/13', 'Havana']], price: 3450 },
  { brand: 'Tom Ford', model: 'FT0009 Whitney', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [64], bridge: 11, temple: 115, colours: [['01B', 'Siyah / Gri Degrade'], ['56F', 'Havana / Kahve']], price: 12900 },
  { brand: 'Carrera', model: 'CA 3003/S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [53], bridge: 20, temple: 145, colours: [['807/9O', 'Siyah'], ['086/HA', 'Havana']], price: 2590 },
  { brand: 'Osse', model: 'OS 3015', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [54], bridge: 17, temple: 140, colours: [['02', 'Kahve'], ['05', 'Bordo']], price: 1390 },
  { brand: 'Ray-Ban', model: 'RB2132 New Wayfarer', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [52, 55], bridge: 18, temple: 145, colours: [['901', 'Siyah'], ['6052', 'Havana Degrade']], price: 2990 },
  { brand: 'Gucci', model: 'GG1076S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [57], bridge: 17, temple: 140, colours: [['001', 'Siyah / Gri'], ['003', 'Havana / Kahve']], price: 10400 },
  { brand: 'Prada', model: 'PR 26ZS', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [55], bridge: 19, temple: 140, colours: [['1AB5S0', 'Siyah'], ['17N5S0', 'Kaplumbağa']], price: 9900 },
  { brand: 'Vogue', model: 'VO5404S', category: 'gunes-gozlugu', subcategory: 'kadin', sizes: [50], bridge: 20, temple: 140, colours: [['W44/87', 'Siyah'], ['W656/13', 'Havana']], price: 1750 },
  // Güneş gözlüğü: çocuk
  { brand: 'Ray-Ban', model: 'RJ9052S Junior Wayfarer', category: 'gunes-gozlugu', subcategory: 'cocuk', sizes: [47], bridge: 15, temple: 125, colours: [['100/71', 'Siyah'], ['7016/71', 'Mavi']], price: 1950 },
  { brand: 'Julbo', model: 'Looping II', category: 'gunes-gozlugu', subcategory: 'cocuk', sizes: [40], bridge: 15, temple: 120, colours: [['J3322312', 'Pembe'], ['J3322312C', 'Mavi']], price: 1290 },
  { brand: 'Polaroid', model: 'PLD 8016/N', category: 'gunes-gozlugu', subcategory: 'cocuk', sizes: [46], bridge: 14, temple: 125, colours: [['003/M9', 'Mat Siyah Polarize']], price: 990 },
  { brand: 'Nano Vista', model: 'Sun Kids NS7', category: 'gunes-gozlugu', subcategory: 'cocuk', sizes: [44], bridge: 15, temple: 125, colours: [['NAO5010244', 'Mavi'], ['NAO5010444', 'Pembe']], price: 990 },
  { brand: 'Ray-Ban', model: 'RJ9506S Junior Aviator', category: 'gunes-gozlugu', subcategory: 'cocuk', sizes: [50], bridge: 13, temple: 130, colours: [['223/71', 'Altın / Yeşil'], ['212/6G', 'Gümüş Ayna']], price: 1890 },
  // Güneş gözlüğü: spor
  { brand: 'Oakley', model: 'OO9208 Radar EV', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [38], bridge: 20, temple: 128, colours: [['01', 'Mat Siyah / Prizm Road'], ['46', 'Polarize Siyah'], ['A4', 'Beyaz / Prizm Sapphire']], price: 5450 },
  { brand: 'Oakley', model: 'OO9102 Holbrook', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [55], bridge: 18, temple: 137, colours: [['E1', 'Mat Siyah / Prizm'], ['D6', 'Mat Siyah Polarize']], price: 4650 },
  { brand: 'Oakley', model: 'OO9406 Sutro', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [37], bridge: 20, temple: 128, colours: [['01', 'Mat Siyah / Prizm Road'], ['11', 'Mat Beyaz']], price: 5250 },
  { brand: 'Julbo', model: 'Aerolite', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [42], bridge: 17, temple: 130, colours: [['J4968014', 'Siyah / Reactiv']], price: 4350 },
  { brand: 'Oakley', model: 'OO9013 Frogskins', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [55], bridge: 17, temple: 139, colours: [['24-297', 'Mat Siyah'], ['C5', 'Kristal Siyah / Prizm']], price: 3950 },
  { brand: 'Julbo', model: 'Fury', category: 'gunes-gozlugu', subcategory: 'spor', sizes: [42], bridge: 17, temple: 130, colours: [['J5311114', 'Mat Siyah / Reactiv'], ['J5313412', 'Mavi']], price: 4850 },

  // Optik çerçeve: klasik
  { brand: 'Ray-Ban', model: 'RX5154 Clubmaster', category: 'gozluk', subcategory: 'klasik', sizes: [49, 51], bridge: 21, temple: 145, colours: [['2000', 'Siyah / Altın'], ['5494', 'Havana / Altın'], ['2372', 'Havana / Kırmızı Altın']], price: 2950 },
  { brand: 'Tom Ford', model: 'FT5401', category: 'gozluk', subcategory: 'klasik', sizes: [54], bridge: 17, temple: 145, colours: [['001', 'Siyah'], ['052', 'Koyu Havana']], price: 8400 },
  { brand: 'Silhouette', model: 'Momentum 5529', category: 'gozluk', subcategory: 'klasik', sizes: [52, 54], bridge: 17, temple: 140, colours: [['7000', 'Gümüş'], ['6040', 'Lacivert']], price: 7900 },
  { brand: 'Ray-Ban', model: 'RX5228', category: 'gozluk', subcategory: 'klasik', sizes: [50, 53], bridge: 17, temple: 140, colours: [['2000', 'Siyah'], ['2012', 'Havana']], price: 2450 },
  { brand: 'Ray-Ban', model: 'RX6489 Aviator', category: 'gozluk', subcategory: 'klasik', sizes: [55], bridge: 14, temple: 140, colours: [['2500', 'Altın'], ['2502', 'Gunmetal']], price: 2750 },
  { brand: 'Persol', model: 'PO3007V', category: 'gozluk', subcategory: 'klasik', sizes: [50], bridge: 19, temple: 145, colours: [['95', 'Siyah'], ['24', 'Havana']], price: 5900 },
  { brand: 'Prada', model: 'PR 16MV', category: 'gozluk', subcategory: 'klasik', sizes: [51], bridge: 18, temple: 140, colours: [['1AB1O1', 'Siyah'], ['2AU1O1', 'Havana']], price: 7250 },
  { brand: 'Emporio Armani', model: 'EA3099', category: 'gozluk', subcategory: 'klasik', sizes: [53], bridge: 18, temple: 145, colours: [['5017', 'Siyah'], ['5089', 'Havana']], price: 2950 },
  { brand: 'Hugo Boss', model: 'BOSS 1104', category: 'gozluk', subcategory: 'klasik', sizes: [55], bridge: 17, temple: 145, colours: [['807', 'Siyah'], ['PJP', 'Mavi']], price: 3850 },
  { brand: 'Lindberg', model: 'Thintanium 5505', category: 'gozluk', subcategory: 'klasik', sizes: [50], bridge: 19, temple: 140, colours: [['U9', 'Titanyum Gri'], ['GT', 'Altın']], price: 15900 },
  { brand: 'Osse', model: 'OS 11542', category: 'gozluk', subcategory: 'klasik', sizes: [52, 54], bridge: 18, temple: 140, colours: [['01', 'Siyah'], ['02', 'Kahve']], price: 1250 },
  { brand: 'Persol', model: 'PO3092V', category: 'gozluk', subcategory: 'klasik', sizes: [50, 52], bridge: 19, temple: 145, colours: [['9015', 'Siyah'], ['24', 'Havana']], price: 5650 },
  // Optik çerçeve: modern
  { brand: 'Vogue', model: 'VO5239', category: 'gozluk', subcategory: 'modern', sizes: [50, 52], bridge: 18, temple: 140, colours: [['W44', 'Siyah'], ['2386', 'Havana'], ['2782', 'Pembe Şeffaf']], price: 1650 },
  { brand: 'Police', model: 'VPL 985', category: 'gozluk', subcategory: 'modern', sizes: [53], bridge: 18, temple: 145, colours: [['0700', 'Parlak Siyah'], ['0722', 'Havana']], price: 2300 },
  { brand: 'Lindberg', model: 'Strip 9704', category: 'gozluk', subcategory: 'modern', sizes: [50], bridge: 19, temple: 140, colours: [['10', 'Gümüş'], ['U14', 'Lacivert Titanyum']], price: 14500 },
  { brand: 'Gucci', model: 'GG0027O', category: 'gozluk', subcategory: 'modern', sizes: [50], bridge: 22, temple: 145, colours: [['001', 'Siyah'], ['002', 'Havana']], price: 8900 },
  { brand: 'Prada', model: 'PR 08WV', category: 'gozluk', subcategory: 'modern', sizes: [52], bridge: 18, temple: 145, colours: [['1AB1O1', 'Siyah'], ['2AU1O1', 'Havana']], price: 7450 },
  { brand: 'Tom Ford', model: 'FT5634-B', category: 'gozluk', subcategory: 'modern', sizes: [52], bridge: 19, temple: 145, colours: [['001', 'Siyah'], ['052', 'Havana']], price: 8150 },
  { brand: 'Silhouette', model: 'Illusion Lite 5540', category: 'gozluk', subcategory: 'modern', sizes: [52], bridge: 18, temple: 140, colours: [['7000', 'Gümüş'], ['6560', 'Bordo']], price: 8450 },
  { brand: 'Vogue', model: 'VO5286', category: 'gozluk', subcategory: 'modern', sizes: [52], bridge: 17, temple: 140, colours: [['W44', 'Siyah'], ['2750', 'Mor']], price: 1590 },
  { brand: 'Carrera', model: 'CARRERA 8866', category: 'gozluk', subcategory: 'modern', sizes: [54], bridge: 18, temple: 145, colours: [['807', 'Siyah'], ['086', 'Havana']], price: 2190 },
  { brand: 'Police', model: 'VPLF02', category: 'gozluk', subcategory: 'modern', sizes: [55], bridge: 18, temple: 145, colours: [['0530', 'Mat Gunmetal'], ['0703', 'Parlak Siyah']], price: 2250 },
  { brand: 'Osse', model: 'OS 12701', category: 'gozluk', subcategory: 'modern', sizes: [53], bridge: 17, temple: 140, colours: [['03', 'Lacivert'], ['07', 'Yeşil']], price: 1190 },
  { brand: 'Hugo Boss', model: 'BOSS 1598', category: 'gozluk', subcategory: 'modern', sizes: [53], bridge: 18, temple: 145, colours: [['003', 'Mat Siyah'], ['PJP', 'Mavi']], price: 3650 },
  // Optik çerçeve: çocuk
  { brand: 'Ray-Ban', model: 'RY1594 Junior', category: 'gozluk', subcategory: 'cocuk', sizes: [44, 46], bridge: 16, temple: 130, colours: [['3542', 'Siyah'], ['3811', 'Kırmızı']], price: 1650 },
  { brand: 'Vogue', model: 'VY2011 Junior', category: 'gozluk', subcategory: 'cocuk', sizes: [45], bridge: 15, temple: 125, colours: [['2929', 'Pembe'], ['2977', 'Mavi']], price: 1190 },
  { brand: 'Nano Vista', model: 'Replay 3.0', category: 'gozluk', subcategory: 'cocuk', sizes: [44], bridge: 16, temple: 125, colours: [['NAO3040244', 'Mavi / Yeşil'], ['NAO3040544', 'Kırmızı / Siyah']], price: 1390 },
  { brand: 'Miraflex', model: 'MF4014 Junior', category: 'gozluk', subcategory: 'cocuk', sizes: [44, 46], bridge: 16, temple: 125, colours: [['K1', 'Mavi'], ['K3', 'Yeşil']], price: 1290 },
  // Optik çerçeve: spor
  { brand: 'Oakley', model: 'OX8046 Airdrop', category: 'gozluk', subcategory: 'spor', sizes: [53, 55], bridge: 18, temple: 143, colours: [['0155', 'Mat Siyah'], ['0255', 'Saten Gri']], price: 3100 },
  { brand: 'Oakley', model: 'OX8156 Holbrook RX', category: 'gozluk', subcategory: 'spor', sizes: [54], bridge: 18, temple: 142, colours: [['0154', 'Saten Siyah'], ['0354', 'Mat Lacivert']], price: 3250 },
  { brand: 'Oakley', model: 'OX3217 Crosslink', category: 'gozluk', subcategory: 'spor', sizes: [55], bridge: 18, temple: 138, colours: [['0155', 'Mat Siyah']], price: 3350 },
  { brand: 'Julbo', model: 'Spark', category: 'gozluk', subcategory: 'spor', sizes: [52], bridge: 17, temple: 135, colours: [['JOP11701', 'Mat Siyah'], ['JOP11712', 'Mavi']], price: 2150 },

  // Çocuk gözlüğü
  { brand: 'Miraflex', model: 'MF4002 Çocuk', category: 'cocuk-gozlugu', subcategory: null, sizes: [40, 42], bridge: 15, temple: 120, colours: [['K1', 'Mavi'], ['K2', 'Pembe'], ['K5', 'Kırmızı']], price: 1250, label: 'Esnek Çocuk Çerçevesi' },
  { brand: 'Nano Vista', model: 'Crew 3.0', category: 'cocuk-gozlugu', subcategory: null, sizes: [44, 46], bridge: 16, temple: 130, colours: [['NAO3020244', 'Siyah / Mavi'], ['NAO3020444', 'Pembe / Mor']], price: 1480 },
  { brand: 'Miraflex', model: 'New Baby 2', category: 'cocuk-gozlugu', subcategory: null, sizes: [38], bridge: 14, temple: 110, colours: [['R', 'Kırmızı'], ['CB', 'Açık Mavi'], ['L', 'Lila']], price: 1150 },
  { brand: 'Nano Vista', model: 'Sugar Break 3.0', category: 'cocuk-gozlugu', subcategory: null, sizes: [42], bridge: 15, temple: 120, colours: [['NAO3110342', 'Turkuaz'], ['NAO3110542', 'Pembe']], price: 1390 },
  { brand: 'Julbo', model: 'Loop M', category: 'cocuk-gozlugu', subcategory: null, sizes: [41], bridge: 15, temple: 115, colours: [['JOP11214', 'Yeşil'], ['JOP11218', 'Sarı']], price: 1190 },
  { brand: 'Ray-Ban', model: 'RY1621 Junior', category: 'cocuk-gozlugu', subcategory: null, sizes: [45], bridge: 16, temple: 125, colours: [['3833', 'Mavi Şeffaf']], price: 1690 },
];

interface ContactLensFamily {
  brand: string;
  model: string;
  name: string;
  baseCurves: number[];
  diameter: number;
  price: number;
}

const contactLensFamilies: ContactLensFamily[] = [
  { brand: 'Acuvue', model: 'Oasys 1-Day (30 lu)', name: 'Acuvue Oasys 1-Day Günlük Kontakt Lens 30 lu', baseCurves: [8.5, 9.0], diameter: 14.3, price: 1150 },
  { brand: 'Acuvue', model: 'Moist 1-Day (30 lu)', name: 'Acuvue Moist 1-Day Günlük Kontakt Lens 30 lu', baseCurves: [8.5, 9.0], diameter: 14.2, price: 980 },
  { brand: 'Bausch + Lomb', model: 'Biotrue ONEday (30 lu)', name: 'Bausch + Lomb Biotrue ONEday Günlük Kontakt Lens 30 lu', baseCurves: [8.6], diameter: 14.2, price: 890 },
  { brand: 'Alcon', model: 'Dailies Total1 (30 lu)', name: 'Alcon Dailies Total1 Günlük Kontakt Lens 30 lu', baseCurves: [8.5], diameter: 14.1, price: 1290 },
  { brand: 'CooperVision', model: 'Biofinity (6 lı)', name: 'CooperVision Biofinity Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.0, price: 1450 },
  { brand: 'Acuvue', model: 'Oasys (6 lı)', name: 'Acuvue Oasys 2 Haftalık Kontakt Lens 6 lı', baseCurves: [8.4, 8.8], diameter: 14.0, price: 1090 },
  { brand: 'Acuvue', model: 'Oasys for Astigmatism (6 lı)', name: 'Acuvue Oasys Astigmatlı 2 Haftalık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.5, price: 1390 },
  { brand: 'Acuvue', model: 'Oasys MAX 1-Day (30 lu)', name: 'Acuvue Oasys MAX 1-Day Günlük Kontakt Lens 30 lu', baseCurves: [8.5, 9.0], diameter: 14.3, price: 1390 },
  { brand: 'Acuvue', model: 'Vita (6 lı)', name: 'Acuvue Vita Aylık Kontakt Lens 6 lı', baseCurves: [8.4, 8.8], diameter: 14.0, price: 1190 },
  { brand: 'Acuvue', model: '1-Day Define (30 lu)', name: 'Acuvue 1-Day Define Renkli Günlük Kontakt Lens 30 lu', baseCurves: [8.5], diameter: 14.2, price: 1250 },
  { brand: 'Bausch + Lomb', model: 'Ultra (6 lı)', name: 'Bausch + Lomb Ultra Aylık Kontakt Lens 6 lı', baseCurves: [8.5], diameter: 14.2, price: 1190 },
  { brand: 'Bausch + Lomb', model: 'SofLens 59 (6 lı)', name: 'Bausch + Lomb SofLens 59 Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.2, price: 690 },
  { brand: 'Bausch + Lomb', model: 'PureVision 2 (6 lı)', name: 'Bausch + Lomb PureVision 2 Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.0, price: 990 },
  { brand: 'Bausch + Lomb', model: 'Biotrue ONEday for Astigmatism (30 lu)', name: 'Bausch + Lomb Biotrue ONEday Astigmatlı Günlük Kontakt Lens 30 lu', baseCurves: [8.4], diameter: 14.5, price: 1190 },
  { brand: 'Alcon', model: 'Dailies AquaComfort Plus (30 lu)', name: 'Alcon Dailies AquaComfort Plus Günlük Kontakt Lens 30 lu', baseCurves: [8.7], diameter: 14.0, price: 790 },
  { brand: 'Alcon', model: 'Air Optix plus HydraGlyde (6 lı)', name: 'Alcon Air Optix plus HydraGlyde Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.2, price: 1150 },
  { brand: 'Alcon', model: 'Precision1 (30 lu)', name: 'Alcon Precision1 Günlük Kontakt Lens 30 lu', baseCurves: [8.3], diameter: 14.2, price: 890 },
  { brand: 'Alcon', model: 'TOTAL30 (6 lı)', name: 'Alcon TOTAL30 Aylık Kontakt Lens 6 lı', baseCurves: [8.4], diameter: 14.2, price: 1490 },
  { brand: 'Alcon', model: 'Air Optix Colors (2 li)', name: 'Alcon Air Optix Colors Renkli Aylık Kontakt Lens 2 li', baseCurves: [8.6], diameter: 14.2, price: 650 },
  { brand: 'CooperVision', model: 'MyDay (30 lu)', name: 'CooperVision MyDay Günlük Kontakt Lens 30 lu', baseCurves: [8.4], diameter: 14.2, price: 1150 },
  { brand: 'CooperVision', model: 'Clariti 1 day (30 lu)', name: 'CooperVision Clariti 1 day Günlük Kontakt Lens 30 lu', baseCurves: [8.6], diameter: 14.1, price: 850 },
  { brand: 'CooperVision', model: 'Avaira Vitality (6 lı)', name: 'CooperVision Avaira Vitality 2 Haftalık Kontakt Lens 6 lı', baseCurves: [8.4], diameter: 14.2, price: 890 },
  { brand: 'CooperVision', model: 'Biofinity Toric (6 lı)', name: 'CooperVision Biofinity Toric Astigmatlı Aylık Kontakt Lens 6 lı', baseCurves: [8.7], diameter: 14.5, price: 1750 },
  { brand: 'CooperVision', model: 'Biofinity Energys (6 lı)', name: 'CooperVision Biofinity Energys Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.0, price: 1590 },
  { brand: 'CooperVision', model: 'Proclear 1 Day (30 lu)', name: 'CooperVision Proclear 1 Day Günlük Kontakt Lens 30 lu', baseCurves: [8.7], diameter: 14.2, price: 890 },
  { brand: 'Acuvue', model: 'Oasys 1-Day for Astigmatism (30 lu)', name: 'Acuvue Oasys 1-Day Astigmatlı Günlük Kontakt Lens 30 lu', baseCurves: [8.5], diameter: 14.3, price: 1490 },
  { brand: 'Acuvue', model: 'Moist 1-Day Multifocal (30 lu)', name: 'Acuvue Moist 1-Day Multifokal Günlük Kontakt Lens 30 lu', baseCurves: [8.4], diameter: 14.3, price: 1350 },
  { brand: 'Alcon', model: 'Dailies Total1 Multifocal (30 lu)', name: 'Alcon Dailies Total1 Multifokal Günlük Kontakt Lens 30 lu', baseCurves: [8.5], diameter: 14.1, price: 1590 },
  { brand: 'CooperVision', model: 'Biofinity Multifocal (6 lı)', name: 'CooperVision Biofinity Multifokal Aylık Kontakt Lens 6 lı', baseCurves: [8.6], diameter: 14.0, price: 1890 },
  { brand: 'Bausch + Lomb', model: 'Ultra for Presbyopia (6 lı)', name: 'Bausch + Lomb Ultra Presbiyopi Aylık Kontakt Lens 6 lı', baseCurves: [8.5], diameter: 14.2, price: 1490 },
];

interface SpectacleLensFamily {
  brand: string;
  model: string;
  subcategory: 'tek-odak' | 'bifocal' | 'progressif';
  /** Variants (coatings, photochromic options) each with its own barcode. */
  options: string[];
  price: number;
}

const lensWords = { 'tek-odak': 'Tek Odaklı Gözlük Camı', bifocal: 'Bifokal Gözlük Camı', progressif: 'Progresif Gözlük Camı' } as const;

const spectacleLensFamilies: SpectacleLensFamily[] = [
  { brand: 'Essilor', model: 'Varilux Comfort Max 1.6', subcategory: 'progressif', options: ['Crizal Sapphire', 'Crizal Prevencia', 'Transitions Gen S Gri'], price: 4800 },
  { brand: 'Zeiss', model: 'SmartLife Progressive 1.67', subcategory: 'progressif', options: ['DuraVision Platinum UV', 'DuraVision BlueProtect', 'PhotoFusion X Gri'], price: 6900 },
  { brand: 'Hoya', model: 'Nulux 1.6 Tek Odak', subcategory: 'tek-odak', options: ['Hi-Vision LongLife', 'Hi-Vision Meiryo', 'Sensity 2 Gri'], price: 1350 },
  { brand: 'Essilor', model: 'Eyezen Start 1.5', subcategory: 'tek-odak', options: ['Crizal Easy Pro', 'Crizal Prevencia'], price: 1100 },
  { brand: 'Essilor', model: 'Varilux X Series 1.67', subcategory: 'progressif', options: ['Crizal Sapphire', 'Transitions Gen S Kahve'], price: 8900 },
  { brand: 'Essilor', model: 'Varilux Physio 3.0 1.5', subcategory: 'progressif', options: ['Crizal Easy Pro', 'Crizal Rock'], price: 3600 },
  { brand: 'Essilor', model: 'Stellest 1.59 Çocuk Miyopi Kontrol', subcategory: 'tek-odak', options: ['Crizal Rock'], price: 4200 },
  { brand: 'Essilor', model: 'Orma 1.5 Tek Odak', subcategory: 'tek-odak', options: ['Crizal Easy Pro', 'Sertleştirilmiş'], price: 650 },
  { brand: 'Essilor', model: 'Orma Bifokal D28', subcategory: 'bifocal', options: ['Crizal Easy Pro', 'Sertleştirilmiş'], price: 1450 },
  { brand: 'Zeiss', model: 'SmartLife Single Vision 1.6', subcategory: 'tek-odak', options: ['DuraVision Platinum UV', 'DuraVision BlueProtect'], price: 2650 },
  { brand: 'Zeiss', model: 'ClearView 1.5', subcategory: 'tek-odak', options: ['DuraVision Silver UV'], price: 1450 },
  { brand: 'Zeiss', model: 'Progressive Individual 2 1.6', subcategory: 'progressif', options: ['DuraVision Platinum UV', 'PhotoFusion X Kahve'], price: 9800 },
  { brand: 'Zeiss', model: 'Bifocal 28 1.5', subcategory: 'bifocal', options: ['DuraVision Silver UV', 'PhotoFusion X Gri'], price: 1950 },
  { brand: 'Hoya', model: 'Hoyalux iD MyStyle V+ 1.6', subcategory: 'progressif', options: ['Hi-Vision Meiryo', 'Sensity 2 Kahve'], price: 8450 },
  { brand: 'Hoya', model: 'MiyoSmart 1.59', subcategory: 'tek-odak', options: ['Hi-Vision LongLife', 'Sensity 2 Gri'], price: 4650 },
  { brand: 'Hoya', model: 'Bifokal D28 1.5', subcategory: 'bifocal', options: ['Hi-Vision LongLife'], price: 1390 },
  { brand: 'Hoya', model: 'Bifokal D35 Executive 1.5', subcategory: 'bifocal', options: ['Hi-Vision LongLife', 'Sensity 2 Gri'], price: 1790 },
  { brand: 'Rodenstock', model: 'Impression FreeSign 3 1.6', subcategory: 'progressif', options: ['Solitaire Protect Plus 2', 'ColorMatic IQ 2 Gri'], price: 9200 },
  { brand: 'Rodenstock', model: 'Multigressiv Mono 2 1.6', subcategory: 'progressif', options: ['Solitaire Protect Balance 2'], price: 5400 },
  { brand: 'Rodenstock', model: 'Perfalit 1.6 Tek Odak', subcategory: 'tek-odak', options: ['Solitaire Protect Balance 2', 'ColorMatic IQ 2 Kahve'], price: 1950 },
  { brand: 'Rodenstock', model: 'Cosmolit Bifokal 1.5', subcategory: 'bifocal', options: ['Solitaire Protect Balance 2'], price: 1690 },
];

/** One-off goods: workshop equipment and accessories. [brand, model code, name, category, subcategory, list price]. */
const singleItems: [string, string, string, CategoryId, string, number][] = [
  // Atölye
  ['Wera', 'Hassas Tornavida Seti 6 lı', 'Wera Kraftform Micro Hassas Tornavida Seti 6 lı', 'atolye', 'vida-takimi', 1150],
  ['OptiStok', 'Menteşe Vidası Seti (1000 adet)', 'OptiStok Paslanmaz Menteşe Vidası Seti 1000 adet', 'atolye', 'vida-takimi', 420],
  ['Wiha', 'Optik Tornavida Seti 7 li', 'Wiha PicoFinish Optik Tornavida Seti 7 li', 'atolye', 'vida-takimi', 1390],
  ['OptiStok', 'Çerçeve Vidası Karışık Set (600 adet)', 'OptiStok Çerçeve ve Burun Pedi Vidası Karışık Set 600 adet', 'atolye', 'vida-takimi', 560],
  ['OptiStok', 'Titanyum Vida Seti (300 adet)', 'OptiStok Titanyum Gözlük Vidası Seti 300 adet', 'atolye', 'vida-takimi', 890],
  ['OptiStok', 'Silikon Burunluk Vidalı (100 çift)', 'OptiStok Vidalı Silikon Burunluk 100 çift', 'atolye', 'burunluk', 320],
  ['OptiStok', 'Burunluk Kolu Titanyum (50 adet)', 'OptiStok Titanyum Burunluk Kolu 50 adet', 'atolye', 'burunluk', 640],
  ['OptiStok', 'Geçmeli Burunluk (100 çift)', 'OptiStok Geçmeli PVC Burunluk 100 çift', 'atolye', 'burunluk', 260],
  ['OptiStok', 'Burunluk Yuvası Metal (100 adet)', 'OptiStok Metal Burunluk Yuvası 100 adet', 'atolye', 'burunluk', 210],
  ['OptiStok', 'Yedek Misina Naylon 100 m', 'OptiStok Naylor Çerçeve Misinası 100 m', 'atolye', 'malzemeler', 380],
  ['OptiStok', 'Polisaj Pastası 250 g', 'OptiStok Cam Kenar Polisaj Pastası 250 g', 'atolye', 'malzemeler', 290],
  ['OptiStok', 'Çerçeve Tamir Yapıştırıcısı', 'OptiStok Asetat Çerçeve Tamir Yapıştırıcısı 20 ml', 'atolye', 'malzemeler', 240],
  ['OptiStok', 'Ultrasonik Temizleme Sıvısı 1 L', 'OptiStok Ultrasonik Cihaz Temizleme Sıvısı 1 L', 'atolye', 'malzemeler', 310],
  ['OptiStok', 'Cam Kenar Bandı 50 m', 'OptiStok Rodaj Öncesi Cam Koruma Bandı 50 m', 'atolye', 'malzemeler', 270],
  ['Topcon', 'CL-300 Otomatik Fokometre', 'Topcon CL-300 Otomatik Fokometre', 'atolye', 'fokometre', 68000],
  ['Topcon', 'CL-200 Fokometre', 'Topcon CL-200 Otomatik Fokometre UV Ölçümlü', 'atolye', 'fokometre', 59500],
  ['Nidek', 'LM-7 Fokometre', 'Nidek LM-7 Otomatik Fokometre', 'atolye', 'fokometre', 72000],
  ['Huvitz', 'HLM-9000 Fokometre', 'Huvitz HLM-9000 Otomatik Fokometre', 'atolye', 'fokometre', 54000],
  ['Nidek', 'LM-1800P Fokometre', 'Nidek LM-1800P Otomatik Fokometre', 'atolye', 'fokometre', 63500],
  ['Essilor', 'Dijital Pupilometre', 'Essilor Dijital Pupilometre', 'atolye', 'pupilametre', 24500],
  ['Topcon', 'PD-5 Pupilometre', 'Topcon PD-5 Dijital Pupilometre', 'atolye', 'pupilametre', 21500],
  ['Huvitz', 'HPD-700 Pupilometre', 'Huvitz HPD-700 Dijital Pupilometre', 'atolye', 'pupilametre', 18900],
  ['Nidek', 'PM-700 Pupilometre', 'Nidek PM-700 Dijital Pupilometre', 'atolye', 'pupilametre', 22900],
  ['Essilor', 'Kappa CT Kesme Ünitesi', 'Essilor Kappa CT Cam Kesme ve Rodaj Ünitesi', 'atolye', 'cam-kesme', 385000],
  ['Nidek', 'Lex 1200 Rodaj Makinesi', 'Nidek Lex 1200 Otomatik Cam Rodaj Makinesi', 'atolye', 'cam-kesme', 295000],
  ['Huvitz', 'HPE-8000 Rodaj Makinesi', 'Huvitz HPE-8000 Otomatik Cam Rodaj Makinesi', 'atolye', 'cam-kesme', 268000],
  ['Nidek', 'ICE 1000 Cam Kesme', 'Nidek ICE 1000 Cam Kesme Sistemi', 'atolye', 'cam-kesme', 342000],
  ['OptiStok', 'Çerçeve Isıtıcı', 'OptiStok Sıcak Hava Çerçeve Isıtıcı', 'atolye', 'tamir', 3200],
  ['OptiStok', 'Ultrasonik Temizleyici 600 ml', 'OptiStok Ultrasonik Gözlük Temizleyici 600 ml', 'atolye', 'tamir', 2450],
  ['OptiStok', 'Çerçeve Ayar Pensesi Seti 5 li', 'OptiStok Çerçeve Ayar Pensesi Seti 5 li', 'atolye', 'tamir', 1850],
  ['OptiStok', 'Cam Delme Makinesi', 'OptiStok Çerçevesiz Cam Delme Makinesi', 'atolye', 'tamir', 14500],
  // Aksesuar
  ['OptiStok', 'Sert Gözlük Kutusu Siyah', 'OptiStok Sert Gözlük Kutusu Siyah', 'aksesuar', 'kutular', 45],
  ['OptiStok', 'Sert Gözlük Kutusu Lacivert', 'OptiStok Sert Gözlük Kutusu Lacivert', 'aksesuar', 'kutular', 45],
  ['OptiStok', 'Katlanabilir Gözlük Kutusu', 'OptiStok Katlanabilir Üçgen Gözlük Kutusu', 'aksesuar', 'kutular', 65],
  ['Ray-Ban', 'Orijinal Gözlük Kılıfı Kahve', 'Ray-Ban Orijinal Deri Görünümlü Gözlük Kılıfı Kahve', 'aksesuar', 'kutular', 190],
  ['OptiStok', 'Lens Kabı (12 adet)', 'OptiStok Kontakt Lens Kabı 12 adet', 'aksesuar', 'kutular', 120],
  ['OptiStok', 'Çocuk Gözlük Kutusu Desenli', 'OptiStok Desenli Çocuk Gözlük Kutusu', 'aksesuar', 'kutular', 55],
  ['Opti-Free', 'PureMoist 300 ml', 'Opti-Free PureMoist Çok Amaçlı Lens Solüsyonu 300 ml', 'aksesuar', 'temizlik', 265],
  ['Renu', 'MultiPlus 360 ml', 'Renu MultiPlus Çok Amaçlı Lens Solüsyonu 360 ml', 'aksesuar', 'temizlik', 219],
  ['OptiStok', 'Mikrofiber Bez (100 lü)', 'OptiStok Mikrofiber Gözlük Temizleme Bezi 100 lü', 'aksesuar', 'temizlik', 350],
  ['Opti-Free', 'Express 355 ml', 'Opti-Free Express Lens Solüsyonu 355 ml', 'aksesuar', 'temizlik', 239],
  ['Bausch + Lomb', 'Biotrue Solüsyon 300 ml', 'Bausch + Lomb Biotrue Çok Amaçlı Lens Solüsyonu 300 ml', 'aksesuar', 'temizlik', 249],
  ['Alcon', 'AOSept Plus HydraGlyde 360 ml', 'Alcon AOSept Plus HydraGlyde Peroksit Lens Solüsyonu 360 ml', 'aksesuar', 'temizlik', 329],
  ['Zeiss', 'Lens Temizleme Spreyi 240 ml', 'Zeiss Gözlük Camı Temizleme Spreyi 240 ml', 'aksesuar', 'temizlik', 189],
  ['Zeiss', 'Islak Temizleme Mendili (200 lü)', 'Zeiss Gözlük Camı Islak Temizleme Mendili 200 lü', 'aksesuar', 'temizlik', 420],
  ['Renu', 'Advanced 360 ml', 'Renu Advanced Çok Amaçlı Lens Solüsyonu 360 ml', 'aksesuar', 'temizlik', 229],
  ['OptiStok', 'Gözlük Zinciri Altın', 'OptiStok Metal Gözlük Zinciri Altın', 'aksesuar', 'zincir', 95],
  ['OptiStok', 'Gözlük Zinciri Gümüş', 'OptiStok Metal Gözlük Zinciri Gümüş', 'aksesuar', 'zincir', 95],
  ['OptiStok', 'Boncuklu Gözlük Zinciri', 'OptiStok Boncuklu Gözlük Zinciri Renkli', 'aksesuar', 'zincir', 120],
  ['OptiStok', 'Silikon Spor Gözlük Bandı', 'OptiStok Silikon Spor Gözlük Bandı Siyah', 'aksesuar', 'zincir', 75],
  ['OptiStok', 'Çocuk Gözlük Bandı', 'OptiStok Ayarlanabilir Çocuk Gözlük Bandı', 'aksesuar', 'zincir', 85],
  ['OptiStok', 'Silikon Burun Pedi (50 çift)', 'OptiStok Silikon Burun Pedi 50 çift', 'aksesuar', 'burun-pedi', 180],
  ['OptiStok', 'Yapışkanlı Burun Pedi (20 çift)', 'OptiStok Yapışkanlı Köpük Burun Pedi 20 çift', 'aksesuar', 'burun-pedi', 95],
  ['OptiStok', 'Hava Yastıklı Burun Pedi (10 çift)', 'OptiStok Hava Yastıklı Silikon Burun Pedi 10 çift', 'aksesuar', 'burun-pedi', 140],
  ['OptiStok', 'Vidalı Silikon Burun Pedi (25 çift)', 'OptiStok Vidalı Silikon Burun Pedi 25 çift', 'aksesuar', 'burun-pedi', 150],
];

/** Generates the catalogue once, in a fixed order, with one running item number per company prefix. */
function buildCatalogue(): SeedCatalogueProduct[] {
  const nextItem = new Map<string, number>();
  const barcodeOf = (brand: string) => {
    const prefix = companyPrefixes[brand];
    if (!prefix) throw new Error(`no company prefix for ${brand}`);
    const item = (nextItem.get(prefix) ?? 0) + 1;
    nextItem.set(prefix, item);
    return completeEan13(`${prefix}${String(item * 7 + 10_000).padStart(5, '0')}`);
  };
  const none = { colourCode: null, eyeSizeMm: null, bridgeMm: null, templeMm: null, baseCurveMm: null, diameterMm: null };
  const products: SeedCatalogueProduct[] = [];

  for (const family of frameFamilies) {
    const kind = family.label ?? frameKinds[family.category];
    for (const [colourCode, colour] of family.colours) {
      for (const size of family.sizes) {
        products.push({
          brand: family.brand,
          modelCode: family.model,
          name: `${family.brand} ${family.model} ${kind} ${size} mm ${colour}`,
          barcode: barcodeOf(family.brand),
          category: family.category,
          subcategory: family.subcategory,
          ...none,
          colourCode,
          eyeSizeMm: size,
          bridgeMm: family.bridge,
          templeMm: family.temple,
          listPrice: family.price,
        });
      }
    }
  }
  for (const family of contactLensFamilies) {
    for (const baseCurve of family.baseCurves) {
      const format = (n: number) => n.toFixed(1).replace('.', ',');
      products.push({
        brand: family.brand,
        modelCode: family.model,
        name: `${family.name} BC ${format(baseCurve)} DIA ${format(family.diameter)}`,
        barcode: barcodeOf(family.brand),
        category: 'lens',
        subcategory: 'kontakt',
        ...none,
        baseCurveMm: baseCurve,
        diameterMm: family.diameter,
        listPrice: family.price,
      });
    }
  }
  for (const family of spectacleLensFamilies) {
    for (const option of family.options) {
      products.push({
        brand: family.brand,
        modelCode: family.model,
        name: `${family.brand} ${family.model} ${lensWords[family.subcategory]} ${option}`,
        barcode: barcodeOf(family.brand),
        category: 'lens',
        subcategory: family.subcategory,
        ...none,
        listPrice: family.price,
      });
    }
  }
  for (const [brand, modelCode, name, category, subcategory, listPrice] of singleItems) {
    products.push({ brand, modelCode, name, barcode: barcodeOf(brand), category, subcategory, ...none, listPrice });
  }
  return products;
}

export const seedCatalogue: readonly SeedCatalogueProduct[] = buildCatalogue();

/** Two proposals from demo stores, so the admin's queue has something to decide. */
export const seedProposals: { storeId: string; product: Omit<SeedCatalogueProduct, 'listPrice'> }[] = [
  {
    storeId: 'kdkoy0demo',
    product: {
      brand: 'Osse',
      modelCode: 'OS 3022',
      name: 'Osse OS 3022 Güneş Gözlüğü 56 mm Koyu Havana',
      barcode: completeEan13('869123499901'),
      category: 'gunes-gozlugu',
      subcategory: 'kadin',
      colourCode: '04',
      eyeSizeMm: 56,
      bridgeMm: 17,
      templeMm: 140,
      baseCurveMm: null,
      diameterMm: null,
    },
  },
  {
    storeId: 'nlfer0demo',
    product: {
      brand: 'Bausch + Lomb',
      modelCode: 'Infuse (30 lu)',
      name: 'Bausch + Lomb Infuse Günlük Kontakt Lens 30 lu BC 8,6 DIA 14,2',
      barcode: completeEan13('739189999902'),
      category: 'lens',
      subcategory: 'kontakt',
      colourCode: null,
      eyeSizeMm: null,
      bridgeMm: null,
      templeMm: null,
      baseCurveMm: 8.6,
      diameterMm: 14.2,
    },
  },
];

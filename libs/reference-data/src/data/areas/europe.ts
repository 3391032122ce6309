/** Germany: the 16 Länder, code = ISO 3166-2:DE, name = the German name. */
export const DE_LAENDER: readonly (readonly [string, string])[] = [
  ['BW', 'Baden-Württemberg'], ['BY', 'Bayern'], ['BE', 'Berlin'], ['BB', 'Brandenburg'], ['HB', 'Bremen'],
  ['HH', 'Hamburg'], ['HE', 'Hessen'], ['MV', 'Mecklenburg-Vorpommern'], ['NI', 'Niedersachsen'],
  ['NW', 'Nordrhein-Westfalen'], ['RP', 'Rheinland-Pfalz'], ['SL', 'Saarland'], ['SN', 'Sachsen'], ['ST', 'Sachsen-Anhalt'],
  ['SH', 'Schleswig-Holstein'], ['TH', 'Thüringen'],
];

/**
 * Belgium: the 10 provinces and the Brussels-Capital Region, code = ISO 3166-2:BE. Each province is named in the
 * official language of its region (Flemish provinces in Dutch, Walloon ones in French); bilingual Brussels is
 * written with both official names, French first: "Bruxelles-Capitale / Brussel-Hoofdstad".
 */
export const BE_PROVINCES: readonly (readonly [string, string])[] = [
  ['VAN', 'Antwerpen'], ['VLI', 'Limburg'], ['VOV', 'Oost-Vlaanderen'], ['VBR', 'Vlaams-Brabant'],
  ['VWV', 'West-Vlaanderen'], ['WBR', 'Brabant wallon'], ['WHT', 'Hainaut'], ['WLG', 'Liège'], ['WLX', 'Luxembourg'],
  ['WNA', 'Namur'], ['BRU', 'Bruxelles-Capitale / Brussel-Hoofdstad'],
];

/** The Netherlands: the 12 provinces, code = ISO 3166-2:NL, name = the Dutch name (Fryslân in its official form). */
export const NL_PROVINCES: readonly (readonly [string, string])[] = [
  ['DR', 'Drenthe'], ['FL', 'Flevoland'], ['FR', 'Fryslân'], ['GE', 'Gelderland'], ['GR', 'Groningen'], ['LI', 'Limburg'],
  ['NB', 'Noord-Brabant'], ['NH', 'Noord-Holland'], ['OV', 'Overijssel'], ['UT', 'Utrecht'], ['ZE', 'Zeeland'],
  ['ZH', 'Zuid-Holland'],
];

/** Poland: the 16 voivodeships, code = ISO 3166-2:PL (letters), name = the Polish name, capitalised for a list. */
export const PL_VOIVODESHIPS: readonly (readonly [string, string])[] = [
  ['DS', 'Dolnośląskie'], ['KP', 'Kujawsko-pomorskie'], ['LU', 'Lubelskie'], ['LB', 'Lubuskie'], ['LD', 'Łódzkie'],
  ['MA', 'Małopolskie'], ['MZ', 'Mazowieckie'], ['OP', 'Opolskie'], ['PK', 'Podkarpackie'], ['PD', 'Podlaskie'],
  ['PM', 'Pomorskie'], ['SL', 'Śląskie'], ['SK', 'Świętokrzyskie'], ['WN', 'Warmińsko-mazurskie'], ['WP', 'Wielkopolskie'],
  ['ZP', 'Zachodniopomorskie'],
];

/** Portugal: the 18 districts and the 2 autonomous regions, code = ISO 3166-2:PT, name = the Portuguese name. */
export const PT_DISTRICTS: readonly (readonly [string, string])[] = [
  ['01', 'Aveiro'], ['02', 'Beja'], ['03', 'Braga'], ['04', 'Bragança'], ['05', 'Castelo Branco'], ['06', 'Coimbra'],
  ['07', 'Évora'], ['08', 'Faro'], ['09', 'Guarda'], ['10', 'Leiria'], ['11', 'Lisboa'], ['12', 'Portalegre'],
  ['13', 'Porto'], ['14', 'Santarém'], ['15', 'Setúbal'], ['16', 'Viana do Castelo'], ['17', 'Vila Real'], ['18', 'Viseu'],
  ['20', 'Região Autónoma dos Açores'], ['30', 'Região Autónoma da Madeira'],
];

/** Luxembourg: the 12 cantons, code = ISO 3166-2:LU, name = the official (French) name. */
export const LU_CANTONS: readonly (readonly [string, string])[] = [
  ['CA', 'Capellen'], ['CL', 'Clervaux'], ['DI', 'Diekirch'], ['EC', 'Echternach'], ['ES', 'Esch-sur-Alzette'],
  ['GR', 'Grevenmacher'], ['LU', 'Luxembourg'], ['ME', 'Mersch'], ['RD', 'Redange'], ['RM', 'Remich'], ['VD', 'Vianden'],
  ['WI', 'Wiltz'],
];

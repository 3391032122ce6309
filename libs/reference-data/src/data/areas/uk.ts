/**
 * The United Kingdom (market EN): the "county" of an address, as the registration form asks for it.
 *
 * - England: the 48 ceremonial counties (Lieutenancies Act 1997, as amended). ISO 3166-2 has no codes for them, so the
 *   code is the county's Chapman code (BDF, KEN, SXE, GTM, MSY, WMD, ...); Bristol (BST) and the City of London (LND)
 *   take their ISO 3166-2:GB codes; the counties without a Chapman code we could confirm (GTL Greater London,
 *   SXW West Sussex, SYK South Yorkshire, TWR Tyne and Wear, WYK West Yorkshire) have codes of ours in the same style.
 * - Wales: the 22 principal areas; Scotland: the 32 council areas; Northern Ireland: the 11 local government
 *   districts (2015). Their code is their ISO 3166-2:GB code. Names are the official English forms.
 */
export const UK_COUNTIES: readonly (readonly [string, string])[] = [
  // England, ceremonial counties
  ['BDF', 'Bedfordshire'], ['BRK', 'Berkshire'], ['BST', 'Bristol'], ['BKM', 'Buckinghamshire'], ['CAM', 'Cambridgeshire'],
  ['CHS', 'Cheshire'], ['LND', 'City of London'], ['CON', 'Cornwall'], ['CMA', 'Cumbria'], ['DBY', 'Derbyshire'],
  ['DEV', 'Devon'], ['DOR', 'Dorset'], ['DUR', 'County Durham'], ['ERY', 'East Riding of Yorkshire'], ['SXE', 'East Sussex'],
  ['ESS', 'Essex'], ['GLS', 'Gloucestershire'], ['GTL', 'Greater London'], ['GTM', 'Greater Manchester'],
  ['HAM', 'Hampshire'], ['HEF', 'Herefordshire'], ['HRT', 'Hertfordshire'], ['IOW', 'Isle of Wight'], ['KEN', 'Kent'],
  ['LAN', 'Lancashire'], ['LEI', 'Leicestershire'], ['LIN', 'Lincolnshire'], ['MSY', 'Merseyside'], ['NFK', 'Norfolk'],
  ['NYK', 'North Yorkshire'], ['NTH', 'Northamptonshire'], ['NBL', 'Northumberland'], ['NTT', 'Nottinghamshire'],
  ['OXF', 'Oxfordshire'], ['RUT', 'Rutland'], ['SAL', 'Shropshire'], ['SOM', 'Somerset'], ['SYK', 'South Yorkshire'],
  ['STS', 'Staffordshire'], ['SFK', 'Suffolk'], ['SRY', 'Surrey'], ['TWR', 'Tyne and Wear'], ['WAR', 'Warwickshire'],
  ['WMD', 'West Midlands'], ['SXW', 'West Sussex'], ['WYK', 'West Yorkshire'], ['WIL', 'Wiltshire'],
  ['WOR', 'Worcestershire'],
  // Wales, principal areas
  ['BGW', 'Blaenau Gwent'], ['BGE', 'Bridgend'], ['CAY', 'Caerphilly'], ['CRF', 'Cardiff'], ['CMN', 'Carmarthenshire'],
  ['CGN', 'Ceredigion'], ['CWY', 'Conwy'], ['DEN', 'Denbighshire'], ['FLN', 'Flintshire'], ['GWN', 'Gwynedd'],
  ['AGY', 'Isle of Anglesey'], ['MTY', 'Merthyr Tydfil'], ['MON', 'Monmouthshire'], ['NTL', 'Neath Port Talbot'],
  ['NWP', 'Newport'], ['PEM', 'Pembrokeshire'], ['POW', 'Powys'], ['RCT', 'Rhondda Cynon Taf'], ['SWA', 'Swansea'],
  ['TOF', 'Torfaen'], ['VGL', 'Vale of Glamorgan'], ['WRX', 'Wrexham'],
  // Scotland, council areas
  ['ABE', 'Aberdeen City'], ['ABD', 'Aberdeenshire'], ['ANS', 'Angus'], ['AGB', 'Argyll and Bute'],
  ['EDH', 'City of Edinburgh'], ['CLK', 'Clackmannanshire'], ['DGY', 'Dumfries and Galloway'], ['DND', 'Dundee City'],
  ['EAY', 'East Ayrshire'], ['EDU', 'East Dunbartonshire'], ['ELN', 'East Lothian'], ['ERW', 'East Renfrewshire'],
  ['FAL', 'Falkirk'], ['FIF', 'Fife'], ['GLG', 'Glasgow City'], ['HLD', 'Highland'], ['IVC', 'Inverclyde'],
  ['MLN', 'Midlothian'], ['MRY', 'Moray'], ['ELS', 'Na h-Eileanan Siar'], ['NAY', 'North Ayrshire'],
  ['NLK', 'North Lanarkshire'], ['ORK', 'Orkney Islands'], ['PKN', 'Perth and Kinross'], ['RFW', 'Renfrewshire'],
  ['SCB', 'Scottish Borders'], ['ZET', 'Shetland Islands'], ['SAY', 'South Ayrshire'], ['SLK', 'South Lanarkshire'],
  ['STG', 'Stirling'], ['WDU', 'West Dunbartonshire'], ['WLN', 'West Lothian'],
  // Northern Ireland, local government districts
  ['ANN', 'Antrim and Newtownabbey'], ['AND', 'Ards and North Down'], ['ABC', 'Armagh City, Banbridge and Craigavon'],
  ['BFS', 'Belfast'], ['CCG', 'Causeway Coast and Glens'], ['DRS', 'Derry City and Strabane'], ['FMO', 'Fermanagh and Omagh'],
  ['LBC', 'Lisburn and Castlereagh'], ['MEA', 'Mid and East Antrim'], ['MUL', 'Mid Ulster'],
  ['NMD', 'Newry, Mourne and Down'],
];

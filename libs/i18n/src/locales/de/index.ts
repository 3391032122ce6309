import { common } from './common.js';
import { errors } from './errors.js';
import { login } from './login.js';
import { auction } from './auction.js';
import { showcase } from './showcase.js';
import { purchases } from './purchases.js';
import { auctioneer } from './auctioneer.js';
import { account } from './account.js';
import { registration } from './registration.js';
import { people } from './people.js';
import { dealers } from './dealers.js';
import { vehicleUpload } from './vehicleUpload.js';
import { vehicles } from './vehicles.js';
import { communication } from './communication.js';
import { sellers } from './sellers.js';
import { topCms } from './topCms.js';
import { templates } from './templates.js';
import { privatePages } from './privatePages.js';
import { portal } from './portal.js';

/** German: every namespace. */
export const de = { common, errors, login, auction, showcase, purchases, auctioneer, registration, account, people, dealers, vehicleUpload, vehicles, communication, sellers, topCms, templates, privatePages, portal };

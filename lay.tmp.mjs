import { chromium } from 'playwright-core';
import fs from 'node:fs'; import { pathToFileURL } from 'node:url'; import { join } from 'node:path';
const SITE='/work/main/docs/api';
const pages=["classes","functions","interfaces","types","variables"].flatMap(d=>fs.readdirSync(join(SITE,d)).map(n=>d+"/"+n)).filter(p=>fs.readFileSync(join(SITE,p),'utf8').includes('<pre')).slice(0,40);
const args=process.argv.slice(3);
const browser=await chromium.launch({executablePath:'/usr/bin/chromium',args});
const tab=await browser.newPage({viewport:{width:1280,height:800},javaScriptEnabled:false});
const t0=performance.now();
for(const p of pages){await tab.goto(pathToFileURL(join(SITE,p)).href,{waitUntil:process.argv[2]});await tab.$$eval('pre',b=>b.filter(x=>x.scrollWidth>x.clientWidth).length);}
console.log(process.argv.slice(2).join(' '), ((performance.now()-t0)/pages.length).toFixed(0),'ms/page');
await browser.close();

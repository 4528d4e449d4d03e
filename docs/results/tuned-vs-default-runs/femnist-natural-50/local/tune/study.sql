BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'local');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,1.44134199134199128544e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.0559572927072927,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,7.75017482517482425574e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,8.62508325008325138494e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,8.59239094239094280958e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,8.08854478854478808891e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.0847009657009657,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,9.70457042957042909092e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,1.05134532134532138192e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,1.12232517482517502038e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,1.30458707958707953444e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,1.54437645687645702663e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,1.81431235431235432509e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,1.94140109890109907597e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,2.18167915417915442288e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,2.38296120546120565597e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.259474691974692,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,2.65759990009989954806e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,2.90854728604728607344e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,3.14265567765567743752e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,5.00846653346653375438e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.0596949716949717,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,1,4.08145188145188145267e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,2,4.20969863469863453397e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,4,1,7.45273892773892776553e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,4,2,1.25210123210123203119e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,4,3,1.77856643356643362441e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,4,4,2.25343822843822816359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,4,5,2.97706460206460243878e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,4,6,3.59043456543456540597e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,4,7,3.64892857142857129915e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,4,8,4.60976606726606730202e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,4,9,4.74816350316350277438e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,4,10,4.90803529803529925423e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,4,11,4.85295288045288042422e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,4,12,4.94429903429903394584e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,4,13,4.95950965700965640259e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,4,14,5.12368131868131904127e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,4,15,5.23690892440892508119e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,4,16,5.46233932733932725511e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,17,5.48029720279720300446e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,18,5.61389610389610438367e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,19,5.88904678654678659377e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,20,5.72445970695970807184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,1,0.087245337995338,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,2,8.08039460539460574484e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,6,1,8.6683066933066918458e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,6,2,1.01459124209124229576e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,7,1,8.84055944055944092907e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,7,2,9.46436896436896601958e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,8,1,6.91391108891108857603e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,8,2,1.01575008325008334097e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,8,3,1.0483641358641358765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,8,4,1.07292540792540802563e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,8,5,1.64357059607059624584e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,8,6,2.00850732600732662103e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,9,1,1.44134199134199128544e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,9,2,5.17906260406260365858e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,10,1,0.07350999000999,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,10,2,8.61555944055944072923e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,11,1,8.26427738927738853025e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,11,2,9.78850316350316218549e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,11,3,1.32899683649683658659e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,11,4,1.73243589743589720963e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,11,5,2.11686729936729906009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,11,6,0.232195054945055,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,11,7,2.99543040293040352395e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,11,8,3.49602064602064666054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,11,9,3.95207375957375872665e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,11,10,4.50643273393273424698e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,11,11,4.13879037629037604961e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,11,12,4.70947302697302616625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,11,13,4.86640526140526219478e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,11,14,4.94939560439560444216e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,11,15,5.13565018315018328998e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,11,16,5.13613553113553056306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,11,17,5.23146020646020670774e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,11,18,5.4427972027972026936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,11,19,5.18994422244422271006e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,11,20,5.5958333333333332149e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,12,1,7.59376456876456884526e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,12,2,1.11744422244422242362e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,12,3,1.36983016983016958612e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,12,4,1.60835164835164828867e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,12,5,2.33870795870795872284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,12,6,2.51221611721611781664e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,12,7,3.02248168498168490181e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,12,8,3.42498584748584689041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,12,9,3.99335081585081463906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,12,10,4.47313186813186769441e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,12,11,0.427053946053946,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,12,12,4.79464701964701867087e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,12,13,4.77611222111222089026e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,12,14,5.02106227106227098744e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,12,15,5.14806776556776535258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,12,16,5.15705128205128149332e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,12,17,5.17440892440892308279e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,12,18,5.37374958374958411333e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,13,1,7.59376456876456884526e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,13,2,1.13161088911088891784e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,13,3,1.35706460206460211015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,13,4,1.56823260073260084546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,13,5,2.26787462537462541911e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,13,6,2.53093406593406622384e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,14,1,6.65685980685980643878e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,14,2,0.0928011988011988,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,14,3,1.18952797202797208586e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,14,4,1.50942224442224409708e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,14,5,2.15469696969696977717e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,14,6,2.27466117216117258426e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,15,1,7.28790376290376351597e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,15,2,7.59811854811854869851e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,15,3,1.11578255078255098031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,15,4,1.17066849816849838372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,15,5,1.39961538461538470556e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,15,6,1.6478754578754578608e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,16,1,7.22984515484515477545e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,16,2,9.12599900099900079863e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,16,3,1.21747668997668992418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,16,4,1.16770146520146514412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,16,5,1.70488011988011972652e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,16,6,1.69169413919413924585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,17,1,0.0870154845154845,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,17,2,8.11258741258741311597e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,17,3,8.78676323676323561828e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,17,4,1.13086996336996314926e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,17,5,1.46021894771894783504e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,17,6,1.91811771561771537975e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,17,7,2.189670329670329596e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,17,8,2.38862137862137835497e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,17,9,2.83412504162504186311e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,17,10,0.348041625041625,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,17,11,3.7682867132867131632e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,17,12,4.42406510156510168751e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,17,13,4.44346986346986327909e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,17,14,4.69489926739926677345e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,17,15,4.57884115884115927563e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,17,16,4.93292540792540756822e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,17,17,5.04300782550782478175e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,17,18,5.19452797202797245113e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,17,19,5.35568598068598245021e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,17,20,5.45523809523809521948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,18,1,0.0837902097902098,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,18,2,1.06363469863469881082e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,18,3,1.0647011322011321055e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,18,4,1.35563186813186797863e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,18,5,2.16218781218781214148e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,18,6,2.4262362637362638873e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,18,7,2.93327838827838804913e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,18,8,2.97113053613053623713e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,18,9,3.62291625041625042769e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,18,10,3.30135947385947425836e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,18,11,3.82108891108891068899e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,18,12,3.63171661671661594184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,18,13,3.93463786213786193002e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,18,14,0.420147435897436,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,18,15,4.49661921411921461366e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,18,16,4.66545121545121455053e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,18,17,4.67812021312021375507e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,18,18,4.92025557775557897954e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,19,1,6.97325174825174781689e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,19,2,1.28217449217449236398e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,19,3,1.99708291708291685306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,19,4,2.54105311355311391796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,19,5,3.21104728604728606455e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,19,6,3.42824175824175847449e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,20,1,8.7122627372627367559e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,20,2,9.0031052281052265096e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,20,3,1.0228338328338328067e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,20,4,1.40918914418914437147e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,20,5,2.17034715284715296057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,20,6,2.32062271062271063826e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.66248855961024632338e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,2,'lr',3.51179623998914114402e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(5,3,'lr',2.70479110936779176821e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,4,'lr',4.04991821038978433433e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,5,'lr',1.17709815013040779152e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,5,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,6,'lr',1.04383629232769128969e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(12,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(13,7,'lr',1.74612092937563335992e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,8,'lr',4.41719704209781339337e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(16,8,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(17,9,'lr',1.61306681801468487433e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,10,'lr',9.30744245375111564633e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,11,'lr',6.30514097735073164585e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,12,'lr',5.5223374513979503475e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(24,12,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(25,13,'lr',5.53087008315702108318e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,14,'lr',3.9662275432220082949e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(28,14,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(29,15,'lr',0.128805109634155,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,15,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,16,'lr',2.47967535025063121056e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,17,'lr',0.136481172827927,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,17,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,18,'lr',5.60610995960238514546e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(36,18,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(37,19,'lr',3.60065862833763572492e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,19,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,20,'lr',8.5587765595120754436e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(40,20,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.0559572927072927');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.08088544788544788');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.26575999000998995');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_0','0.042096986346986345');
INSERT INTO "trial_system_attributes" VALUES(5,4,'completed_rung_0','0.1252101232101232');
INSERT INTO "trial_system_attributes" VALUES(6,4,'completed_rung_1','0.35904345654345654');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_2','0.5613896103896104');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.08080394605394606');
INSERT INTO "trial_system_attributes" VALUES(9,6,'completed_rung_0','0.10145912420912423');
INSERT INTO "trial_system_attributes" VALUES(10,7,'completed_rung_0','0.09464368964368966');
INSERT INTO "trial_system_attributes" VALUES(11,8,'completed_rung_0','0.10157500832500833');
INSERT INTO "trial_system_attributes" VALUES(12,8,'completed_rung_1','0.20085073260073266');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_0','0.05179062604062604');
INSERT INTO "trial_system_attributes" VALUES(14,10,'completed_rung_0','0.08615559440559441');
INSERT INTO "trial_system_attributes" VALUES(15,11,'completed_rung_0','0.232195054945055');
INSERT INTO "trial_system_attributes" VALUES(16,11,'completed_rung_1','0.5442797202797203');
INSERT INTO "trial_system_attributes" VALUES(17,12,'completed_rung_0','0.2512216117216118');
INSERT INTO "trial_system_attributes" VALUES(18,12,'completed_rung_1','0.5373749583749584');
INSERT INTO "trial_system_attributes" VALUES(19,13,'completed_rung_0','0.11316108891108889');
INSERT INTO "trial_system_attributes" VALUES(20,13,'completed_rung_1','0.2530934065934066');
INSERT INTO "trial_system_attributes" VALUES(21,14,'completed_rung_0','0.22746611721611726');
INSERT INTO "trial_system_attributes" VALUES(22,15,'completed_rung_0','0.16478754578754579');
INSERT INTO "trial_system_attributes" VALUES(23,16,'completed_rung_0','0.16916941391941392');
INSERT INTO "trial_system_attributes" VALUES(24,17,'completed_rung_0','0.5194527972027972');
INSERT INTO "trial_system_attributes" VALUES(25,18,'completed_rung_0','0.4920255577755579');
INSERT INTO "trial_system_attributes" VALUES(26,19,'completed_rung_0','0.12821744921744924');
INSERT INTO "trial_system_attributes" VALUES(27,19,'completed_rung_1','0.34282417582417585');
INSERT INTO "trial_system_attributes" VALUES(28,20,'completed_rung_0','0.23206227106227106');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','100.716');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','3.3809791677870673');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'diverged','"non-finite training loss at round 3, client 5: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(6,2,'seconds','11.344');
INSERT INTO "trial_user_attributes" VALUES(7,3,'seconds','10.458');
INSERT INTO "trial_user_attributes" VALUES(8,4,'seconds','99.858');
INSERT INTO "trial_user_attributes" VALUES(9,4,'val_loss','3.629392883365725');
INSERT INTO "trial_user_attributes" VALUES(10,4,'round','19');
INSERT INTO "trial_user_attributes" VALUES(11,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(12,5,'seconds','10.221');
INSERT INTO "trial_user_attributes" VALUES(13,6,'seconds','9.887');
INSERT INTO "trial_user_attributes" VALUES(14,7,'seconds','8.809');
INSERT INTO "trial_user_attributes" VALUES(15,8,'seconds','27.02');
INSERT INTO "trial_user_attributes" VALUES(16,9,'seconds','9.394');
INSERT INTO "trial_user_attributes" VALUES(17,10,'seconds','8.359');
INSERT INTO "trial_user_attributes" VALUES(18,11,'seconds','85.469');
INSERT INTO "trial_user_attributes" VALUES(19,11,'val_loss','3.3007486374455213');
INSERT INTO "trial_user_attributes" VALUES(20,11,'round','20');
INSERT INTO "trial_user_attributes" VALUES(21,11,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,12,'seconds','88.288');
INSERT INTO "trial_user_attributes" VALUES(23,13,'seconds','25.474');
INSERT INTO "trial_user_attributes" VALUES(24,14,'seconds','41.014');
INSERT INTO "trial_user_attributes" VALUES(25,15,'seconds','38.645');
INSERT INTO "trial_user_attributes" VALUES(26,16,'seconds','26.828');
INSERT INTO "trial_user_attributes" VALUES(27,17,'seconds','87.546');
INSERT INTO "trial_user_attributes" VALUES(28,17,'val_loss','3.3493221649686937');
INSERT INTO "trial_user_attributes" VALUES(29,17,'round','20');
INSERT INTO "trial_user_attributes" VALUES(30,17,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(31,18,'seconds','77.058');
INSERT INTO "trial_user_attributes" VALUES(32,19,'seconds','30.452');
INSERT INTO "trial_user_attributes" VALUES(33,20,'seconds','26.212');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,3.14265567765567743752e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,0.0596949716949717,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,4.20969863469863453397e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,5.88904678654678659377e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,8.08039460539460574484e-02,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,1.01459124209124229576e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,9.46436896436896601958e-02,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,2.00850732600732662103e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,5.17906260406260365858e-02,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,8.61555944055944072923e-02,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,5.5958333333333332149e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,5.37374958374958411333e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,2.53093406593406622384e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,2.27466117216117258426e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,1.6478754578754578608e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,1.69169413919413924585e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,5.45523809523809521948e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,4.92025557775557897954e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,3.42824175824175847449e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,2.32062271062271063826e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-26 23:00:27.925891','2026-11-26 23:02:08.847637');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-26 23:02:08.893002','2026-11-26 23:02:20.383954');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-26 23:02:20.461409','2026-11-26 23:02:31.123623');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-26 23:02:31.208384','2026-11-26 23:04:11.322641');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-26 23:04:11.395214','2026-11-26 23:04:21.824030');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-26 23:04:21.905413','2026-11-26 23:04:31.894443');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-26 23:04:31.938388','2026-11-26 23:04:40.875746');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-26 23:04:40.911718','2026-11-26 23:05:08.066367');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-26 23:05:08.150650','2026-11-26 23:05:17.732275');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-26 23:05:17.841448','2026-11-26 23:05:26.400715');
INSERT INTO "trials" VALUES(11,10,1,'COMPLETE','2026-11-26 23:05:26.474946','2026-11-26 23:06:52.232638');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-26 23:06:52.257592','2026-11-26 23:08:20.658338');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-26 23:08:20.679032','2026-11-26 23:08:46.196619');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-26 23:08:46.206639','2026-11-26 23:09:27.258782');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-26 23:09:27.275637','2026-11-26 23:10:05.971018');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-26 23:10:05.984483','2026-11-26 23:10:32.967328');
INSERT INTO "trials" VALUES(17,16,1,'COMPLETE','2026-11-26 23:10:33.031138','2026-11-26 23:12:00.764952');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-26 23:12:00.777359','2026-11-26 23:13:17.875591');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-26 23:13:17.903696','2026-11-26 23:13:48.440150');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-26 23:13:48.509274','2026-11-26 23:14:14.827206');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;

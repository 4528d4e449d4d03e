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
INSERT INTO "studies" VALUES(1,'co-pfl');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,1.3394671994671997206e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,1.36202297702297719927e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,1.87440392940392969167e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,3.06098318348318354509e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,4.31619796869796845673e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,4.57501248751248756896e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,4.61621628371628400788e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,4.81830502830502771516e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,5.36261821511821556995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,5.73615717615717723987e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,5.72987512487512562486e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,5.9013361638361638839e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,6.03972360972361066444e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,6.03931235431235502453e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,0.622424741924742,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,6.32280885780885815172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,6.23406343656343731041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.631754329004329,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,6.28935647685647691851e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,6.38718115218115278786e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,1.28601565101565118443e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,2.78446303696303687491e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,3.66991175491175436462e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,4.58893190143190188301e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,5.33466949716949745408e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,5.80228271728271738361e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,6.04329004329004271234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,6.21498418248418338372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,6.37169996669996741012e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,6.30084415584415635791e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,6.34780885780885761882e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,6.30586663336663355572e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,6.44840409590409668894e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,6.37456210456210481396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,6.4795296370296373567e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,6.52054195804195768637e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,6.41601814851814777895e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,6.40259823509823466913e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,0.638634781884782,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,6.41714868464868470887e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,1.29565850815850813759e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,1.45374458874458878376e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,9.86592574092573920685e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,1.32110223110223107267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,1,0.133517316017316,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,2,2.69275058275058265522e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,6,1,1.3072061272061272219e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,6,2,2.87773643023643055371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,6,3,3.98666583416583453214e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,6,4,4.94633949383949389488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,6,5,5.44499916749916712532e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,6,6,5.73601148851148878726e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,6,7,6.03599567099567080319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,6,8,6.09772727272727355085e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,6,9,6.22346903096903103502e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,6,10,6.28974025974026074159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,6,11,6.26153180153180222156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,6,12,0.64208991008991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,6,13,6.37289543789543833085e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,6,14,6.36876123876123911848e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,6,15,0.643081252081252,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,6,16,6.52169996669996643312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,6,17,6.46628871128871240969e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,6,18,0.635376123876124,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,6,19,6.40589910089910175017e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,6,20,6.52431901431901328791e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,7,1,1.62050283050283072672e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,7,2,3.77220113220113284491e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,7,3,4.45932900432900403142e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,7,4,5.4279920079920085385e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,7,5,6.02483766233766204756e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,7,6,0.586644438894439,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,7,7,5.87117382617382665976e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,7,8,6.10162337662337628252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,7,9,6.12015734265734301366e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,7,10,0.61214343989344,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,7,11,6.38846320346320384331e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,7,12,6.42798201798201795931e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,7,13,6.34298201798201843892e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,7,14,6.36458957708957773213e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,7,15,6.56003330003329776509e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,7,16,6.47881535131535124527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,7,17,6.53450299700299552796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,7,18,6.54974109224109257709e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,7,19,6.55780386280386151653e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,7,20,6.58336663336663296952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,8,1,1.30518231768231768308e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,8,2,3.08936147186147147536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,8,3,3.92344655344655346418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,8,4,0.51597002997003,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,8,5,5.90597902097902194284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,8,6,5.74848401598401559375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,9,1,1.28694055944055946172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,9,2,1.34232517482517493823e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,10,1,1.31728854478854490173e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,11,1,8.1915251415251424949e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,11,2,0.0854418081918082,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,12,1,0.0753319180819181,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,12,2,6.19038461538461495803e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,12,3,8.47443389943389746576e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,12,4,1.01516400266400255714e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,12,5,1.22436313686313677506e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,12,6,1.4040601065601066022e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,13,1,1.79086913086913074311e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,13,2,2.3783691308691307098e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,14,1,1.75872627372627376995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,14,2,2.36282883782883784684e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,14,3,3.55758158508158450761e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,14,4,4.42079087579087537385e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,14,5,5.29056193806193730821e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,14,6,5.79055611055611096915e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,14,7,6.0861197136197131563e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,14,8,6.27366966366966427592e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,14,9,6.32274392274392305068e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,14,10,6.3284856809856815385e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,14,11,6.30682900432900428455e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,14,12,0.63437012987013,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,14,13,6.35376123876123855005e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,14,14,6.31241924741924753661e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,14,15,6.24426906426906458413e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,14,16,6.41298701298701367967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,14,17,6.46403096903096940906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,14,18,6.46637945387945389796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,14,19,6.42009740259740224743e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,14,20,6.44956210456210543569e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,15,1,1.2428929403929406261e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,15,2,1.45485264735264713253e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,15,3,3.20187645687645683345e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,15,4,4.33198135198135214629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,15,5,4.67053363303363278102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,15,6,4.98208125208125240934e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,16,1,1.33009074259074266954e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,16,2,2.77292041292041269162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,17,1,1.3514652014652014933e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,17,2,1.52753579753579782352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,17,3,2.81701881451881464002e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,17,4,0.274517316017316,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,17,5,4.24816766566766534918e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,17,6,5.18596570096570119723e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,18,1,1.6581859806859808315e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,18,2,2.47884032634032636099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,19,1,1.40494422244422240142e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,19,2,3.20012237762237750082e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,19,3,3.77993506493506437049e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,19,4,4.6521087246087250433e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,19,5,5.39353812853812786265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,19,6,5.77140026640026726489e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,19,7,5.89138444888444912095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,19,8,0.604154095904096,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,19,9,6.19180236430236452527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,19,10,6.28667249417249496268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,19,11,6.26090409590409624485e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,19,12,0.62739343989344,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,19,13,0.637292291042291,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,19,14,6.36589910089910060442e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,19,15,6.32664585414585589617e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,19,16,6.38869630369630403521e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,19,17,6.53974109224109145799e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,19,18,6.45128871128871184126e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,20,1,1.16706043956043947762e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,20,2,1.13807609057609060432e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,21,1,1.3000907425907426429e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,21,2,1.28690392940392944742e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,21,3,1.72335997335997359591e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,21,4,2.91204129204129191776e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,21,5,4.17667415917415907333e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,21,6,4.80648684648684598741e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.42793119536907083628e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'p',9.8413281356836149194e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(3,1,'gamma',0.429437373999643,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',8.43275774174314057644e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'p',1.89553157028598873168e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(6,2,'gamma',8.2372552155645772931e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.13706654250425613118e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'p',3.52349666213370327216e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(9,3,'gamma',5.61912022240218300694e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',1.16772832544124107877e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'p',1.07597197900193217168e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(12,4,'gamma',2.87484552446481411713e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',8.42078678884208300069e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'p',3.16046705293014096316e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(15,5,'gamma',3.77338987529117542152e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',0.000645496038014264,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'p',3.76003423158163152528e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(18,6,'gamma',5.73872724858666138914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.22646188887044413351e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'p',4.49629813793241739361e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(21,7,'gamma',1.81339126213416967914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',1.13511152605514308543e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'p',1.64710723049386914551e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(24,8,'gamma',3.75690294293941740022e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',1.21037191556732742726e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'p',4.60895847320176132999e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(27,9,'gamma',1.30228279414639214195e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',7.89891677754578401884e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'p',2.39507971844288736207e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(30,10,'gamma',3.91512733443615368322e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',4.5605053686044033645e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'p',3.18296322088858330001e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(33,11,'gamma',2.25480281192087073094e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',7.70096679869639467314e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'p',4.72423803632486927206e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(36,12,'gamma',8.0965026812579043991e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',2.09633139560757783548e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'p',4.25831194250115951938e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(39,13,'gamma',0.588748447999428,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',1.74350500553550696002e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'p',3.97042287845612573704e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(42,14,'gamma',6.49346436931001469439e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',3.63535797413764205556e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'p',2.40285139521617951974e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(45,15,'gamma',1.2510556014685952908e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',5.54522524830030672828e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'p',4.99340679557130795451e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(48,16,'gamma',8.99138436497536552849e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',3.00502933004951960568e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'p',0.382807874958832,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(51,17,'gamma',4.97834500292724968506e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',1.44050330486316172096e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'p',2.63576916997356358596e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(54,18,'gamma',6.90567727081001780931e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',6.06896476068839621324e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'p',4.30623794799835590829e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(57,19,'gamma',2.61491797198859399209e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',3.36678923530447709797e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'p',3.45117788509207490399e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(60,20,'gamma',7.36489589992078697022e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',2.08298978967299766194e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'p',2.73119089923411217935e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(63,21,'gamma',4.61974513485522653155e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.45750124875124876');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.631754329004329');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.2784463036963037');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.5802282717282717');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.6402598235098235');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.14537445887445888');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.1321102231102231');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.26927505827505827');
INSERT INTO "trial_system_attributes" VALUES(9,6,'completed_rung_0','0.5736011488511489');
INSERT INTO "trial_system_attributes" VALUES(10,6,'completed_rung_1','0.635376123876124');
INSERT INTO "trial_system_attributes" VALUES(11,7,'completed_rung_0','0.3772201132201133');
INSERT INTO "trial_system_attributes" VALUES(12,7,'completed_rung_1','0.586644438894439');
INSERT INTO "trial_system_attributes" VALUES(13,7,'completed_rung_2','0.6549741092241093');
INSERT INTO "trial_system_attributes" VALUES(14,8,'completed_rung_0','0.30893614718614715');
INSERT INTO "trial_system_attributes" VALUES(15,8,'completed_rung_1','0.5748484015984016');
INSERT INTO "trial_system_attributes" VALUES(16,9,'completed_rung_0','0.1342325174825175');
INSERT INTO "trial_system_attributes" VALUES(17,11,'completed_rung_0','0.0854418081918082');
INSERT INTO "trial_system_attributes" VALUES(18,12,'completed_rung_0','0.14040601065601066');
INSERT INTO "trial_system_attributes" VALUES(19,13,'completed_rung_0','0.23783691308691307');
INSERT INTO "trial_system_attributes" VALUES(20,14,'completed_rung_0','0.6466379453879454');
INSERT INTO "trial_system_attributes" VALUES(21,15,'completed_rung_0','0.49820812520812524');
INSERT INTO "trial_system_attributes" VALUES(22,16,'completed_rung_0','0.27729204129204127');
INSERT INTO "trial_system_attributes" VALUES(23,17,'completed_rung_0','0.5185965700965701');
INSERT INTO "trial_system_attributes" VALUES(24,18,'completed_rung_0','0.24788403263403264');
INSERT INTO "trial_system_attributes" VALUES(25,19,'completed_rung_0','0.6451288711288712');
INSERT INTO "trial_system_attributes" VALUES(26,20,'completed_rung_0','0.11380760905760906');
INSERT INTO "trial_system_attributes" VALUES(27,21,'completed_rung_0','0.4806486846486846');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','246.838');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','4.4554633708057345');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','233.835');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','8.669840299348134');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','16');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','17.438');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','17.906');
INSERT INTO "trial_user_attributes" VALUES(11,5,'seconds','18.339');
INSERT INTO "trial_user_attributes" VALUES(12,6,'seconds','217.008');
INSERT INTO "trial_user_attributes" VALUES(13,6,'val_loss','9.202224621882964');
INSERT INTO "trial_user_attributes" VALUES(14,6,'round','20');
INSERT INTO "trial_user_attributes" VALUES(15,6,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(16,7,'seconds','238.846');
INSERT INTO "trial_user_attributes" VALUES(17,7,'val_loss','11.448186970925752');
INSERT INTO "trial_user_attributes" VALUES(18,7,'round','20');
INSERT INTO "trial_user_attributes" VALUES(19,7,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(20,8,'seconds','69.106');
INSERT INTO "trial_user_attributes" VALUES(21,9,'seconds','20.494');
INSERT INTO "trial_user_attributes" VALUES(22,11,'seconds','19.471');
INSERT INTO "trial_user_attributes" VALUES(23,12,'seconds','66.43');
INSERT INTO "trial_user_attributes" VALUES(24,13,'seconds','20.275');
INSERT INTO "trial_user_attributes" VALUES(25,14,'seconds','213.255');
INSERT INTO "trial_user_attributes" VALUES(26,14,'val_loss','10.172176791864675');
INSERT INTO "trial_user_attributes" VALUES(27,14,'round','18');
INSERT INTO "trial_user_attributes" VALUES(28,14,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(29,15,'seconds','65.516');
INSERT INTO "trial_user_attributes" VALUES(30,16,'seconds','21.471');
INSERT INTO "trial_user_attributes" VALUES(31,17,'seconds','67.976');
INSERT INTO "trial_user_attributes" VALUES(32,18,'seconds','20.701');
INSERT INTO "trial_user_attributes" VALUES(33,19,'seconds','214.055');
INSERT INTO "trial_user_attributes" VALUES(34,20,'seconds','21.51');
INSERT INTO "trial_user_attributes" VALUES(35,21,'seconds','67.124');
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
INSERT INTO "trial_values" VALUES(1,1,0,6.38718115218115278786e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,6.52054195804195768637e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,1.45374458874458878376e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,1.32110223110223107267e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,2.69275058275058265522e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,6.52431901431901328791e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,6.58336663336663296952e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,5.74848401598401559375e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,1.34232517482517493823e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,0.0854418081918082,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,1.4040601065601066022e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,2.3783691308691307098e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,6.46637945387945389796e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,4.98208125208125240934e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,2.77292041292041269162e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,5.18596570096570119723e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,2.47884032634032636099e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,19,0,6.45128871128871184126e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,20,0,1.13807609057609060432e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,21,0,4.80648684648684598741e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 03:59:18.278292','2026-11-27 04:03:25.315489');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 04:03:25.344360','2026-11-27 04:07:19.259256');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 04:07:19.269922','2026-11-27 04:07:36.748447');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 04:07:36.760204','2026-11-27 04:07:54.716888');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 04:07:54.727775','2026-11-27 04:08:13.118469');
INSERT INTO "trials" VALUES(6,5,1,'COMPLETE','2026-11-27 04:08:13.134762','2026-11-27 04:11:50.245507');
INSERT INTO "trials" VALUES(7,6,1,'COMPLETE','2026-11-27 04:11:50.260688','2026-11-27 04:15:49.186766');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 04:15:49.203255','2026-11-27 04:16:58.370100');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 04:16:58.394705','2026-11-27 04:17:18.983567');
INSERT INTO "trials" VALUES(10,9,1,'FAIL','2026-11-27 04:17:19.004093','2026-11-27 04:41:18.266919');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 04:41:18.284323','2026-11-27 04:41:37.827417');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 04:41:37.839336','2026-11-27 04:42:44.328036');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 04:42:44.350071','2026-11-27 04:43:04.694168');
INSERT INTO "trials" VALUES(14,13,1,'COMPLETE','2026-11-27 04:43:04.716693','2026-11-27 04:46:38.060493');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 04:46:38.073535','2026-11-27 04:47:43.648558');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 04:47:43.664418','2026-11-27 04:48:05.212305');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 04:48:05.229499','2026-11-27 04:49:13.280077');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 04:49:13.308160','2026-11-27 04:49:34.075795');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 04:49:34.097804','2026-11-27 04:53:08.212689');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 04:53:08.237687','2026-11-27 04:53:29.834821');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 04:53:29.851865','2026-11-27 04:54:37.031948');
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
